// What a locked-out user is told: that they are locked out, and for how long.
import { appError } from "../errors";

function lockedOutMessage(retryAfterMs: number): string {
  const minutes = Math.max(1, Math.ceil(retryAfterMs / 60_000));
  return `Too many failed attempts. Please try again in ${minutes} minute${minutes === 1 ? "" : "s"}.`;
}

export function lockedOut(retryAfterMs: number) {
  return appError("RATE_LIMITED", lockedOutMessage(retryAfterMs));
}
