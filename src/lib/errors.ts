// The one place that turns a server error into what a user reads. Our functions throw
// ConvexError({ code, message }) with the product's wording (convex/lib/errors.ts); anything
// else is raw server text and is never shown: the caller's fallback is.
import { ConvexError } from "convex/values";
import type { ErrorCode } from "../../convex/lib/errors";

type ErrorData = { code?: ErrorCode; message?: string; reasons?: unknown; current?: unknown };

function errorData(error: unknown): ErrorData | null {
  if (!(error instanceof ConvexError)) return null;
  const data: unknown = error.data;
  return data !== null && typeof data === "object" ? (data as ErrorData) : null;
}

/** The code of a ConvexError thrown on purpose by our functions ("INSUFFICIENT_TOKENS"), if any. */
export function errorCode(error: unknown): ErrorCode | null {
  return errorData(error)?.code ?? null;
}

/** The message of a ConvexError thrown on purpose by our functions, if any. */
export function convexErrorMessage(error: unknown): string | null {
  if (!(error instanceof ConvexError)) return null;
  const data: unknown = error.data;
  if (typeof data === "string") return data;
  const message = errorData(error)?.message;
  return typeof message === "string" ? message : null;
}

/** Our own message, or the fallback: raw server errors are never shown to users. */
export function errorMessage(error: unknown, fallback: string): string {
  return convexErrorMessage(error) ?? fallback;
}

/**
 * Like errorMessage, but a plain Error thrown in the browser (an upload step, a file
 * check) is ours too and keeps its text; Convex transport errors still get the fallback.
 */
export function clientErrorMessage(error: unknown, fallback: string): string {
  const own = convexErrorMessage(error);
  if (own) return own;
  if (error instanceof Error && error.message && !/\[CONVEX|Server Error/.test(error.message)) return error.message;
  return fallback;
}

/** Sign-in stopped after the password: the account needs its TOTP code. */
export function isMfaRequired(error: unknown): boolean {
  return errorData(error)?.code === "MFA_REQUIRED";
}

/** The server's reasons for refusing a new password (WEAK_PASSWORD), or null. */
export function weakPasswordReasons(error: unknown): string[] | null {
  const d = errorData(error);
  if (d?.code !== "WEAK_PASSWORD" || !Array.isArray(d.reasons)) return null;
  const reasons = d.reasons.filter((r): r is string => typeof r === "string");
  return reasons.length > 0 ? reasons : null;
}

/**
 * What the record holds now when a save was refused as stale (CONFLICT), else null. `T` is the
 * shape the refusing function documents for its `current` (assets.update: AssetEditable).
 */
export function conflictCurrent<T>(error: unknown): T | null {
  const d = errorData(error);
  return d?.code === "CONFLICT" && d.current !== undefined && d.current !== null ? (d.current as T) : null;
}
