import { ConvexError } from "convex/values";
import { MESSAGES } from "../../../convex/lib/errors";

export const INVALID_CREDENTIALS = MESSAGES.invalidCredentials;
export const TOO_MANY_ATTEMPTS = MESSAGES.tooManyAttempts;
export const ACCOUNT_EXISTS = MESSAGES.accountExists;

/** The message of a ConvexError thrown on purpose by our functions ({ code, message }), if any. */
export function convexErrorMessage(error: unknown): string | null {
  if (!(error instanceof ConvexError)) return null;
  const data: unknown = error.data;
  if (typeof data === "string") return data;
  if (data && typeof data === "object" && "message" in data && typeof data.message === "string") {
    return data.message;
  }
  return null;
}

/** Our own message, or the fallback: raw server errors are never shown to users. */
export function serverMessage(error: unknown, fallback: string): string {
  return convexErrorMessage(error) ?? fallback;
}

/**
 * Convex Auth reports credential problems as plain errors whose text carries a
 * code (InvalidSecret, InvalidAccountId, TooManyFailedAttempts); in production
 * the text may be redacted, hence the caller's fallback.
 */
export function passwordAuthMessage(error: unknown, fallback: string): string {
  const own = convexErrorMessage(error);
  if (own) return own;
  const raw = error instanceof Error ? error.message : String(error ?? "");
  if (/TooManyFailedAttempts/.test(raw)) return TOO_MANY_ATTEMPTS;
  if (/InvalidSecret|InvalidAccountId|Invalid credentials/.test(raw)) return INVALID_CREDENTIALS;
  if (/already exists/i.test(raw)) return ACCOUNT_EXISTS;
  return fallback;
}
