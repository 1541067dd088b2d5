import { MESSAGES } from "../../../convex/lib/errors";
import { convexErrorMessage } from "../../lib/errors";

export const INVALID_CREDENTIALS = MESSAGES.invalidCredentials;
const TOO_MANY_ATTEMPTS = MESSAGES.tooManyAttempts;
const ACCOUNT_EXISTS = MESSAGES.accountExists;

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
