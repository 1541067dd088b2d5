// Time series for the wallet and referral charts, built in the viewer's own days
// (local midnight to midnight) from what the server sends: balance changes, sign-up times.
import type { ChartPoint } from "../ui";
import { formatShortDay } from "./format";

/** Local midnight of the day `days` days after the one holding `ms` (negative: before). */
function dayStart(ms: number, days = 0): number {
  const d = new Date(ms);
  return new Date(d.getFullYear(), d.getMonth(), d.getDate() + days).getTime();
}

/** Balance at the end of each of the last `days` days, today last, walking back from the current balance. */
export function dailyBalances(balance: number, changes: { at: number; amount: number }[], now: number, days = 30): ChartPoint[] {
  const points: ChartPoint[] = [];
  let closing = balance;
  for (let i = 0; i < days; i++) {
    const start = dayStart(now, -i);
    const end = dayStart(now, -i + 1);
    points.push({ key: String(start), label: formatShortDay(start), value: closing });
    for (const c of changes) if (c.at >= start && c.at < end) closing -= c.amount;
  }
  return points.reverse();
}

/** How many times fall in each of the last `weeks` seven-day spans, the one ending today last; labelled by their first day. */
export function weeklyCounts(times: number[], now: number, weeks = 12): ChartPoint[] {
  const points: ChartPoint[] = [];
  for (let i = weeks - 1; i >= 0; i--) {
    const start = dayStart(now, -7 * i - 6);
    const end = dayStart(now, -7 * i + 1);
    points.push({ key: String(start), label: formatShortDay(start), value: times.filter((t) => t >= start && t < end).length });
  }
  return points;
}
