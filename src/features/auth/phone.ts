import { parsePhoneNumberFromString, type CountryCode } from "libphonenumber-js";
import { OTP_LENGTH } from "../../../convex/lib/constants";
import { normalisePhone } from "../../../convex/lib/phone";
import { callingCodeOf, regionOfCallingCode } from "../../lib/phoneCountries";

// E.164 allows at most 15 digits including the country code.
const E164_MAX_DIGITS = 15;

/** How many national digits fit after the country's calling code (GB, +44, leaves 13). */
export function maxNationalDigits(region: CountryCode): number {
  return E164_MAX_DIGITS - digitsOnly(callingCodeOf(region)).length;
}

export function digitsOnly(value: string): string {
  return value.replace(/\D/g, "");
}

/** Groups a national number as typed: "7911123456" → "791 112 3456". */
export function formatPhoneDisplay(value: string, maxDigits: number = E164_MAX_DIGITS): string {
  const digits = digitsOnly(value).slice(0, maxDigits);
  const groups = [digits.slice(0, 3), digits.slice(3, 6)];
  for (let i = 6; i < digits.length; i += 4) groups.push(digits.slice(i, i + 4));
  return groups.filter(Boolean).join(" ");
}

// The number typed for `region`, by the shared normaliser the server runs too (convex/lib/phone.ts):
// "07911 123456" for GB is +447911123456 (trunk 0 dropped); "6 12 34 56 78" for FR is a French mobile.
export function isValidPhone(region: CountryCode, value: string): boolean {
  return normalisePhone(value, region) !== null;
}

/** What the server receives: E.164, the country code followed by the national digits without a trunk prefix. */
export function toE164(region: CountryCode, value: string): string {
  return normalisePhone(value, region) ?? `${callingCodeOf(region)}${digitsOnly(value)}`;
}

/** GB and "07911123456" → "+44 7911 123456", for telling the user where the code went. */
export function formatFullPhone(region: CountryCode, value: string): string {
  const e164 = normalisePhone(value, region);
  const parsed = e164 === null ? undefined : parsePhoneNumberFromString(e164);
  return parsed?.formatInternational() ?? `${callingCodeOf(region)} ${formatPhoneDisplay(value)}`;
}

/**
 * A number typed or pasted in international form ("+44 7911 123456") names its country:
 * returns that country and the national rest, or null when it does not.
 */
export function splitInternational(value: string): { country: CountryCode; national: string } | null {
  const trimmed = value.trim();
  if (!trimmed.startsWith("+")) return null;
  const parsed = parsePhoneNumberFromString(trimmed);
  if (parsed?.country) return { country: parsed.country, national: parsed.nationalNumber };
  // Not a whole number yet: the longest calling code it starts with.
  const digits = digitsOnly(trimmed);
  for (let length = 3; length >= 1; length -= 1) {
    const region = digits.length >= length ? regionOfCallingCode(digits.slice(0, length)) : null;
    if (region !== null) return { country: region, national: digits.slice(length) };
  }
  return null;
}

export function emptyOtp(): string[] {
  return Array.from({ length: OTP_LENGTH }, () => "");
}

/**
 * Places pasted or typed digits into the boxes starting at `index`.
 * Returns the new digits and the box that should take focus next.
 */
export function fillOtp(current: string[], index: number, input: string): { digits: string[]; focus: number } {
  const incoming = digitsOnly(input);
  const digits = [...current];
  // A full code always fills every box, wherever it was pasted.
  const start = incoming.length >= OTP_LENGTH ? 0 : index;
  let i = start;
  for (const d of incoming) {
    if (i >= OTP_LENGTH) break;
    digits[i] = d;
    i += 1;
  }
  return { digits, focus: Math.min(i, OTP_LENGTH - 1) };
}

export function isOtpComplete(digits: string[]): boolean {
  return digits.length === OTP_LENGTH && digits.every((d) => /^\d$/.test(d));
}
