import { MIN_PASSWORD_LENGTH } from "../../../convex/lib/constants";

const EMAIL_REQUIRED = "Email is required";
const EMAIL_INVALID = "Please enter a valid email address";
export const PASSWORD_REQUIRED = "Password is required";
const PASSWORD_TOO_SHORT = `Password must be at least ${MIN_PASSWORD_LENGTH} characters`;
export const PASSWORDS_DO_NOT_MATCH = "Passwords do not match";

const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

export function normalizeEmail(value: string): string {
  return value.trim().toLowerCase();
}

export function validateEmail(value: string): string | undefined {
  const email = value.trim();
  if (!email) return EMAIL_REQUIRED;
  if (!EMAIL_PATTERN.test(email)) return EMAIL_INVALID;
  return undefined;
}

export function validateNewPassword(value: string): string | undefined {
  return value.length < MIN_PASSWORD_LENGTH ? PASSWORD_TOO_SHORT : undefined;
}
