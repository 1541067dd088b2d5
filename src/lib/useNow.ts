import { useEffect, useState } from "react";

/**
 * The current time, refreshed every `everyMs` and exactly at each of `boundaries`
 * still ahead (a proposal opening or closing), so the page flips without a reload.
 */
export function useNow({ everyMs = 30_000, boundaries = [] }: { everyMs?: number; boundaries?: readonly number[] } = {}): number {
  const [now, setNow] = useState(() => Date.now());
  const next = boundaries.filter((b) => b > now).reduce((a, b) => Math.min(a, b), Infinity);

  useEffect(() => {
    const tick = setInterval(() => setNow(Date.now()), everyMs);
    return () => clearInterval(tick);
  }, [everyMs]);

  useEffect(() => {
    if (!Number.isFinite(next)) return;
    // setTimeout's ceiling is about 24.8 days; the interval covers anything further.
    const wait = Math.min(next - Date.now() + 50, 2_000_000_000);
    const timer = setTimeout(() => setNow(Date.now()), Math.max(0, wait));
    return () => clearTimeout(timer);
  }, [next]);

  return now;
}
