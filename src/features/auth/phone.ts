import { parsePhoneNumberFromString, type CountryCode, type PhoneNumber } from "libphonenumber-js";
import { OTP_LENGTH, PHONE_COUNTRIES } from "../../../convex/lib/constants";

// The country each selectable calling code stands for, as libphonenumber-js names it: a national
// number is parsed by that country's rules (its trunk prefix, its lengths, its mobile ranges).
const REGION_OF: Record<(typeof PHONE_COUNTRIES)[number]["code"], CountryCode> = {
  "+44": "GB",
  "+1": "US",
  "+237": "CM",
  "+234": "NG",
  "+33": "FR",
  "+49": "DE",
};

// E.164 allows at most 15 digits including the country code.
const E164_MAX_DIGITS = 15;

/** How many national digits fit after `countryCode` ("+44" leaves 13). */
export function maxNationalDigits(countryCode: string): number {
  return E164_MAX_DIGITS - digitsOnly(countryCode).length;
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

/**
 * The number typed after `countryCode`, parsed by that country's rules: "07911 123456" after +44
 * is +447911123456 (trunk 0 dropped); "6 12 34 56 78" after +33 is a French mobile. Undefined
 * when it is not a valid number there.
 */
function parsePhone(countryCode: string, value: string): PhoneNumber | undefined {
  const region = REGION_OF[countryCode as keyof typeof REGION_OF];
  const digits = digitsOnly(value);
  if (region === undefined || digits === "") return undefined;
  const parsed = parsePhoneNumberFromString(digits, region);
  return parsed?.isValid() ? parsed : undefined;
}

export function isValidPhone(countryCode: string, value: string): boolean {
  return parsePhone(countryCode, value) !== undefined;
}

/** What the server receives: E.164, the country code followed by the national digits without a trunk prefix. */
export function toE164(countryCode: string, value: string): string {
  return parsePhone(countryCode, value)?.number ?? `${countryCode}${digitsOnly(value)}`;
}

/** "+33" and "06 12 34 56 78" → "+33 6 12 34 56 78", for telling the user where the code went. */
export function formatFullPhone(countryCode: string, value: string): string {
  return parsePhone(countryCode, value)?.formatInternational() ?? `${countryCode} ${formatPhoneDisplay(value)}`;
}

/**
 * A number typed or pasted in international form ("+44 7911 123456") names its
 * country: returns that country code and the rest, or null when it does not.
 */
export function splitInternational(value: string): { country: string; national: string } | null {
  const trimmed = value.trim();
  if (!trimmed.startsWith("+")) return null;
  const digits = digitsOnly(trimmed);
  const match = [...PHONE_COUNTRIES]
    .map((c) => c.code)
    .sort((a, b) => b.length - a.length)
    .find((code) => digits.startsWith(code.slice(1)));
  return match ? { country: match, national: digits.slice(match.length - 1) } : null;
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
