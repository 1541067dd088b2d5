import { TOTP_DIGITS } from "../../convex/lib/constants";

/**
 * The typed authenticator code once it is complete (spaces ignored), else null: a code form
 * submits itself then, as the SMS code boxes do.
 */
export function completeTotp(value: string): string | null {
  const digits = value.replace(/\s/g, "");
  return digits.length === TOTP_DIGITS && /^\d+$/.test(digits) ? digits : null;
}
