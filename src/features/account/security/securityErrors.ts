import { ConvexError } from "convex/values";

function data(error: unknown): Record<string, unknown> | null {
  if (!(error instanceof ConvexError)) return null;
  const value: unknown = error.data;
  return value !== null && typeof value === "object" ? (value as Record<string, unknown>) : null;
}

/** Sign-in stopped after the password: the account needs its TOTP code (issue 10). */
export function isMfaRequired(error: unknown): boolean {
  return data(error)?.code === "MFA_REQUIRED";
}

/** The server's reasons for refusing a new password (WEAK_PASSWORD), or null. */
export function weakPasswordReasons(error: unknown): string[] | null {
  const d = data(error);
  if (d?.code !== "WEAK_PASSWORD" || !Array.isArray(d.reasons)) return null;
  const reasons = d.reasons.filter((r): r is string => typeof r === "string");
  return reasons.length > 0 ? reasons : null;
}
