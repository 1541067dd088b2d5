// Phone numbers, one normaliser for the server and every form (sign-in, next of kin): parsed
// per country by libphonenumber-js, so one number has one spelling (E.164) whatever was typed
// ("+44 7911 123456", "+44 07911…", or "07911 123456" with the United Kingdom chosen), and
// numbers that cannot exist are refused.
import { isSupportedCountry, parsePhoneNumberFromString, type CountryCode } from "libphonenumber-js";
import { DEFAULT_PHONE_COUNTRY, PHONE_COUNTRIES } from "./constants";

// Longest input read at all; a number with spaces and brackets is well under it.
const MAX_PHONE_INPUT = 32;

/** The country the phone fields start on (the spec's +44). */
export const DEFAULT_PHONE_REGION: CountryCode = PHONE_COUNTRIES.find((c) => c.code === DEFAULT_PHONE_COUNTRY)!.region;

/** A country libphonenumber-js knows ("GB", "US", "JP"…). */
export function isPhoneRegion(value: unknown): value is CountryCode {
  return typeof value === "string" && isSupportedCountry(value);
}

/**
 * The number in E.164 ("+447911123456"), or null when it is not a valid number. International
 * input ("+…") stands on its own; national input ("07911 123456") needs the country it was typed for.
 */
export function normalisePhone(value: unknown, region?: string): string | null {
  if (typeof value !== "string" || value.length > MAX_PHONE_INPUT) return null;
  const trimmed = value.trim();
  // Digits and the separators people type; letters would be read as a keypad's (vanity numbers).
  if (!/^\+?[\d\s\-().]*$/.test(trimmed)) return null;
  if (trimmed.startsWith("+")) {
    const parsed = parsePhoneNumberFromString(trimmed);
    return parsed?.isValid() ? parsed.number : null;
  }
  const digits = trimmed.replace(/\D/g, "");
  if (digits === "" || !isPhoneRegion(region)) return null;
  const parsed = parsePhoneNumberFromString(digits, region);
  return parsed?.isValid() ? parsed.number : null;
}

/** The country an E.164 number belongs to, for showing a stored number in a form (null when unknown). */
export function regionOfPhone(e164: string): CountryCode | null {
  return parsePhoneNumberFromString(e164)?.country ?? null;
}
