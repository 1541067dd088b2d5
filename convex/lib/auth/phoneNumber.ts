// Phone numbers as identities: parsed per country by libphonenumber-js, so one
// number has one spelling (E.164) whatever the user typed ("+44 07911…" and
// "+447911…" are the same phone), and numbers that cannot exist are refused.
import { parsePhoneNumberFromString } from "libphonenumber-js";

const MAX_INPUT_LENGTH = 32;

/** The number in E.164 ("+447911123456"), or null when it is not a valid international number. */
export function normalisePhone(value: unknown): string | null {
  if (typeof value !== "string" || value.length > MAX_INPUT_LENGTH) return null;
  const trimmed = value.trim();
  if (!trimmed.startsWith("+")) return null;
  const parsed = parsePhoneNumberFromString(trimmed);
  return parsed !== undefined && parsed.isValid() ? parsed.number : null;
}
