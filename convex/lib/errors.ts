import { ConvexError, type Value } from "convex/values";
import { FULL_NAME_MAX_LENGTH } from "./constants";
import { oneLineError } from "./oneLine";

export const ERROR_CODES = [
  "NOT_AUTHENTICATED",
  "FORBIDDEN",
  "NOT_FOUND",
  "INVALID",
  "INSUFFICIENT_TOKENS",
  "RATE_LIMITED",
  // Account security: the password was right, a second factor is needed.
  "MFA_REQUIRED",
  // A new password that is long enough but weak; the error carries `reasons`.
  "WEAK_PASSWORD",
  // A save against a version someone else has since changed; the error carries `current`.
  "CONFLICT",
] as const;
export type ErrorCode = (typeof ERROR_CODES)[number];

export type AppErrorData = { code: ErrorCode; message: string; reasons?: string[]; current?: Value };

export const MESSAGES = {
  notAuthenticated: "You must be signed in to do that.",
  forbidden: "You do not have permission to do that.",
  invalidEmail: "Please enter a valid email address",
  invalidPhone: "Please enter a valid phone number",
  shortPassword: "Password must be at least 6 characters",
  longPassword: "Password must be at most 256 characters",
  invalidCredentials: "Invalid email or password",
  accountExists: "An account with this email already exists. Please sign in.",
  wrongCurrentPassword: "Current password is incorrect",
  noPassword: "This account signs in by phone and has no password",
  tooManyAttempts: "Too many failed attempts. Please try again later.",
  invalidCode: "Invalid verification code",
  invalidResetLink: "Invalid or expired reset link. Please request a new one.",
  selfAccessChange: "You cannot change your own role or flags",
  userNotFound: "User not found",
  nothingToChange: "Nothing to change",
  fullNameTooLong: "Full name must be at most 100 characters",
  invalidAvatarUrl: "Avatar URL must start with http:// or https://",
  insufficientTokens: "Insufficient tokens",
  mfaRequired: "Enter the 6-digit code from your authenticator app",
  invalidTotp: "Invalid authentication code",
  conflict: "Someone else saved changes since you opened this. Choose what to keep, then save again.",
} as const;

/** What is wrong with a trimmed full name, else undefined (users.updateProfile and the profile form). */
export function fullNameError(fullName: string): string | undefined {
  return fullName.length > FULL_NAME_MAX_LENGTH ? MESSAGES.fullNameTooLong : oneLineError("Full name", fullName);
}

export function appError(code: ErrorCode, message: string) {
  return new ConvexError<AppErrorData>({ code, message });
}

/** A save refused because the record changed since the caller loaded it; `current` is what it holds now. */
export function conflictError(current: Value) {
  return new ConvexError<AppErrorData>({ code: "CONFLICT", message: MESSAGES.conflict, current });
}

/**
 * A number inside a server message ("from 1 to 1,000"). Messages are written in British
 * English whatever the reader's locale; screens format their own numbers with src/lib/format.
 */
export function messageNumber(n: number): string {
  return n.toLocaleString("en-GB");
}
