import { useCallback, useEffect, useState } from "react";

/**
 * Whole seconds left until a deadline, ticking while above zero. Reading the
 * clock (not counting ticks) keeps it right when a background tab throttles timers.
 */
export function useCountdown(seconds: number) {
  const [deadline, setDeadline] = useState(() => Date.now() + seconds * 1000);
  const [now, setNow] = useState(() => Date.now());
  const remaining = Math.max(0, Math.ceil((deadline - now) / 1000));
  const done = remaining === 0;

  useEffect(() => {
    if (done) return;
    const timer = setInterval(() => setNow(Date.now()), 250);
    return () => clearInterval(timer);
  }, [done, deadline]);

  const restart = useCallback(() => {
    const start = Date.now();
    setNow(start);
    setDeadline(start + seconds * 1000);
  }, [seconds]);

  return { remaining, restart };
}
