// 'weak_password': why a new password is refused. Used at sign-up,
// reset and password change (never at sign-in: existing passwords still work).
// The client imports checkPasswordStrength too, to show the same reasons early.
import { MAX_PASSWORD_LENGTH, MIN_PASSWORD_LENGTH } from "../constants";
import { ConvexError } from "convex/values";
import { appError, MESSAGES, type AppErrorData } from "../errors";

export const PASSWORD_REASONS = {
  tooShort: MESSAGES.shortPassword,
  tooCommon: "This password is too common",
  sameAsEmail: "Password must not contain your email address",
  oneCharacter: "Password must not be a single repeated character",
} as const;

// The most common leaked passwords of 6+ characters (shorter ones fail on length).
// Small on purpose: a blocklist stops the guessable, length does the rest.
const COMMON = new Set(
  [
    "123456", "1234567", "12345678", "123456789", "1234567890", "password", "password1", "password12",
    "password123", "passw0rd", "qwerty", "qwerty123", "qwertyuiop", "abc123", "abcdef", "abcd1234",
    "111111", "123123", "123321", "654321", "666666", "696969", "112233", "121212", "000000",
    "iloveyou", "admin123", "administrator", "welcome", "welcome1", "letmein", "monkey", "dragon",
    "football", "baseball", "sunshine", "princess", "master", "shadow", "superman", "michael",
    "trustno1", "starwars", "whatever", "freedom", "1q2w3e4r", "1qaz2wsx", "zaq12wsx", "qazwsx",
    "asdfgh", "asdfghjkl", "zxcvbnm", "computer", "internet", "secret", "changeme", "default",
    "login123", "hello123", "charlie", "jennifer", "jordan23", "michelle", "mustang", "access",
    "tagmything", "tagmything1", "tagmything123",
  ],
);

/** Every reason `password` is refused as a new password; empty when it is acceptable. */
export function checkPasswordStrength(password: string, email?: string | null): string[] {
  if (password.length < MIN_PASSWORD_LENGTH) return [PASSWORD_REASONS.tooShort];
  const reasons: string[] = [];
  const lower = password.toLowerCase();
  if (COMMON.has(lower)) reasons.push(PASSWORD_REASONS.tooCommon);
  const localPart = email?.toLowerCase().split("@")[0] ?? "";
  if (email && (lower.includes(email.toLowerCase()) || (localPart.length >= 4 && lower.includes(localPart)))) {
    reasons.push(PASSWORD_REASONS.sameAsEmail);
  }
  if (/^(.)\1*$/.test(password)) reasons.push(PASSWORD_REASONS.oneCharacter);
  return reasons;
}

/**
 * Throws when `value` may not become a password. Too short keeps the original
 * contract's INVALID 'Password must be at least 6 characters'; any other reason
 * is WEAK_PASSWORD carrying the full `reasons` list for the form to show.
 */
export function parseNewPassword(value: unknown, email?: string | null): string {
  if (typeof value !== "string" || value.length < MIN_PASSWORD_LENGTH) {
    throw appError("INVALID", MESSAGES.shortPassword);
  }
  if (value.length > MAX_PASSWORD_LENGTH) throw appError("INVALID", MESSAGES.longPassword);
  const reasons = checkPasswordStrength(value, email);
  if (reasons.length > 0) {
    // The message alone still says why, for callers that only show `message`.
    throw new ConvexError<AppErrorData>({ code: "WEAK_PASSWORD", message: reasons.join(". "), reasons });
  }
  return value;
}
