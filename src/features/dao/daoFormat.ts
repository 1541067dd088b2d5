import { ConvexError } from "convex/values";
import { TOKEN_SYMBOL } from "../../../convex/lib/constants";

export function formatTmt(n: number): string {
  return `${n.toLocaleString("en-GB")} ${TOKEN_SYMBOL}`;
}

export function formatWhen(ms: number): string {
  return new Date(ms).toLocaleString(undefined, { dateStyle: "medium", timeStyle: "short" });
}

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

export function percent(part: number, whole: number): number {
  return whole <= 0 ? 0 : Math.round((part / whole) * 100);
}

/** A `datetime-local` value (local time) and back. */
export function toLocalInput(ms: number): string {
  const d = new Date(ms - new Date(ms).getTimezoneOffset() * 60_000);
  return d.toISOString().slice(0, 16);
}

export function fromLocalInput(value: string): number {
  return value === "" ? Number.NaN : new Date(value).getTime();
}

export function errorMessage(error: unknown, fallback: string): string {
  if (error instanceof ConvexError) {
    const data: unknown = error.data;
    if (typeof data === "string") return data;
    if (data && typeof data === "object" && "message" in data && typeof data.message === "string") return data.message;
  }
  return fallback;
}
