import { WEIGHT_MOMENT } from "../../../convex/lib/dao/rules";

/** "3d 4h", "2h 5m", "45s": what is left until `target`. */
export function timeLeft(target: number, now: number): string {
  const s = Math.max(0, Math.round((target - now) / 1000));
  const d = Math.floor(s / 86400);
  const h = Math.floor((s % 86400) / 3600);
  const m = Math.floor((s % 3600) / 60);
  if (d > 0) return `${d}d ${h}h`;
  if (h > 0) return `${h}h ${m}m`;
  if (m > 0) return `${m}m`;
  return `${s}s`;
}

/** What a member reads about their own weight on an open proposal (`weight` in TMT, `formatted` for display). */
export function weightText(weight: number, formatted: string): string {
  return weight === 0
    ? `You held no TMT when this proposal opened, so your vote weighs ${formatted}. TMT you get now does not count here.`
    : `Your vote weighs ${formatted}: your balance ${WEIGHT_MOMENT}.`;
}

export function percent(part: number, whole: number): number {
  return whole <= 0 ? 0 : Math.round((part / whole) * 100);
}
