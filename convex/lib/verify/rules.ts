// Pure rules of the verify page, shared by convex/ and src/.
import { normaliseIdentifier } from "../assets/fieldValues";
import type { Place } from "./tables";

export const FOUND_MESSAGE_MAX = 2000;
export const FOUND_CONTACT_MAX = 200;
// A reload loop must not flood the owner: one alert per visitor and serial per window,
// and a ceiling per asset whatever the visitor claims to be.
export const VISIT_ALERT_WINDOW_MS = 10 * 60 * 1000;
export const VISIT_ALERTS_PER_ASSET_PER_HOUR = 30;
export const PLACE_SHARE_WINDOW_MS = 10 * 60 * 1000;
export const FOUND_REPORTS_PER_VISITOR_PER_HOUR = 3;
export const FOUND_REPORTS_PER_ASSET_PER_HOUR = 20;
export const PROVENANCE_LIMIT = 20;
// The maker's serial check: per user or visitor, and one ceiling shared by every visitor
// (a visitor id is the browser's word), so the register cannot be walked frame number by number.
export const MAKER_SERIAL_CHECKS_PER_HOUR = 30;
export const MAKER_SERIAL_VISITOR_CHECKS_PER_HOUR = 1_000;
// Shorter than this, a serial matches too much to say anything; longer, it is no serial.
const MAKER_SERIAL_MIN = 4;
const MAKER_SERIAL_INPUT_MAX = 100;
// Two makers may use one serial; one answer lists at most this many registered items.
export const MAKER_SERIAL_MATCHES = 5;
export const OWNER_ALERTS_LIMIT = 20;
export const OWNER_FOUND_REPORTS_LIMIT = 20;

export const VERIFY_MESSAGES = {
  emptyMessage: "Please write a message for the owner",
  messageTooLong: `Message must be at most ${FOUND_MESSAGE_MAX} characters`,
  contactTooLong: `Contact details must be at most ${FOUND_CONTACT_MAX} characters`,
  serialNotFound: "No asset is registered with this serial number",
  invalidSerial: "This is not a valid serial number",
  ownAsset: "This is your own asset",
  invalidPlace: "Invalid location",
  invalidMakerSerial: `Enter the maker's serial number, frame number or IMEI (at least ${MAKER_SERIAL_MIN} letters or digits)`,
} as const;

/** A maker's serial as it is stored and looked up, or null when it is too short to say anything (or too long to be one). */
export function makerSerialKey(raw: string): string | null {
  if (raw.length > MAKER_SERIAL_INPUT_MAX) return null;
  const key = normaliseIdentifier(raw);
  return key.length >= MAKER_SERIAL_MIN && key.length <= MAKER_SERIAL_INPUT_MAX ? key : null;
}

function maskWord(word: string): string {
  const chars = Array.from(word);
  return chars.length === 0 ? "" : `${chars[0]}${"*".repeat(Math.max(2, Math.min(chars.length - 1, 6)))}`;
}

/** "Mia Member" → "M*** M*****"; "mia@example.com" → "m**@e******.com"; nothing → "Registered owner". */
export function maskOwner(owner: { fullName?: string; email?: string }): string {
  const name = owner.fullName?.trim();
  if (name) return name.split(/\s+/).slice(0, 3).map(maskWord).join(" ");
  const email = owner.email?.trim();
  if (email && email.includes("@")) {
    const [local, domain] = email.split("@");
    const dot = domain.lastIndexOf(".");
    const host = dot > 0 ? domain.slice(0, dot) : domain;
    const tld = dot > 0 ? domain.slice(dot) : "";
    return `${maskWord(local)}@${maskWord(host)}${tld}`;
  }
  return "Registered owner";
}

const round1 = (n: number) => Math.round(n * 10) / 10;

/** Coarse place (one decimal), or null when the numbers are not a place on Earth. */
export function coarsePlace(place: Place): Place | null {
  const { lat, lng } = place;
  if (!Number.isFinite(lat) || !Number.isFinite(lng)) return null;
  if (Math.abs(lat) > 90 || Math.abs(lng) > 180) return null;
  return { lat: round1(lat), lng: round1(lng) };
}

/** A visitor id the browser made up: short and plain, or ignored. */
export function cleanVisitorId(raw: string | undefined): string | null {
  if (raw === undefined) return null;
  return /^[A-Za-z0-9_-]{8,64}$/.test(raw) ? raw : null;
}
