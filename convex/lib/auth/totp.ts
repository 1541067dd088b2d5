// RFC 6238 TOTP (HMAC-SHA-1, 30-second steps, 6 digits) and the recovery codes that stand
// in for the authenticator, stored as SHA-256. The primitives (HOTP, base32, SHA-256, hex,
// constant-time compare) come from @oslojs; this file holds only our choices around them.
import { sha256 } from "@oslojs/crypto/sha2";
import { constantTimeEqual } from "@oslojs/crypto/subtle";
import { decodeBase32IgnorePadding, encodeBase32UpperCaseNoPadding, encodeHexLowerCase } from "@oslojs/encoding";
import { generateHOTP } from "@oslojs/otp";
import { TOTP_DIGITS } from "../constants";

const TOTP_PERIOD_SECONDS = 30;
/** Steps accepted either side of now: tolerates 30 s of clock drift. */
const TOTP_WINDOW = 1;
const TOTP_ISSUER = "TagMyThing";
const RECOVERY_CODE_COUNT = 10;

// No 0/O, 1/I/L: recovery codes are copied by hand.
const RECOVERY_ALPHABET = "ABCDEFGHJKMNPQRSTUVWXYZ23456789";

export const base32Encode = encodeBase32UpperCaseNoPadding;

/** A new 160-bit secret (RFC 4226's recommended size), base32 as authenticator apps expect. */
export function generateSecret(): string {
  return base32Encode(crypto.getRandomValues(new Uint8Array(20)));
}

/** The 6-digit HOTP value of `secret` (base32, as typed: any case, spaces, dashes) at `counter`. */
export async function hotp(secret: string, counter: number): Promise<string> {
  const key = decodeBase32IgnorePadding(secret.toUpperCase().replace(/[\s-]/g, ""));
  return generateHOTP(key, BigInt(counter), TOTP_DIGITS);
}

export function timeStep(nowMs: number): number {
  return Math.floor(nowMs / 1000 / TOTP_PERIOD_SECONDS);
}

export async function totpAt(secret: string, nowMs: number): Promise<string> {
  return await hotp(secret, timeStep(nowMs));
}

/**
 * The time step `code` matches within ±TOTP_WINDOW of now, or null. Steps at or
 * before `lastUsedStep` are refused so an observed code cannot be replayed.
 */
export async function matchTotp(
  secret: string,
  code: string,
  nowMs: number,
  lastUsedStep = -1,
): Promise<number | null> {
  const digits = code.replace(/\s/g, "");
  if (!/^\d{6}$/.test(digits)) return null;
  const now = timeStep(nowMs);
  let matched: number | null = null;
  // Every candidate is computed, so timing does not reveal which step matched.
  for (let step = now - TOTP_WINDOW; step <= now + TOTP_WINDOW; step++) {
    if (step > lastUsedStep && timingSafeEqual(await hotp(secret, step), digits)) matched ??= step;
  }
  return matched;
}

export function otpauthUri(secret: string, account: string): string {
  const label = encodeURIComponent(`${TOTP_ISSUER}:${account}`);
  const query = new URLSearchParams({
    secret,
    issuer: TOTP_ISSUER,
    algorithm: "SHA1",
    digits: String(TOTP_DIGITS),
    period: String(TOTP_PERIOD_SECONDS),
  });
  return `otpauth://totp/${label}?${query.toString()}`;
}

/** Ten codes like "K7QH2-M9XPA": 50 bits each, shown once, stored only as hashes. */
export function generateRecoveryCodes(count = RECOVERY_CODE_COUNT): string[] {
  const codes: string[] = [];
  const limit = 256 - (256 % RECOVERY_ALPHABET.length);
  while (codes.length < count) {
    let raw = "";
    while (raw.length < 10) {
      for (const b of crypto.getRandomValues(new Uint8Array(16))) {
        if (b < limit && raw.length < 10) raw += RECOVERY_ALPHABET[b % RECOVERY_ALPHABET.length];
      }
    }
    codes.push(`${raw.slice(0, 5)}-${raw.slice(5)}`);
  }
  return codes;
}

/** Case, spaces and dashes do not matter when a recovery code is typed back. */
function normalizeRecoveryCode(code: string): string {
  return code.toUpperCase().replace(/[\s-]/g, "");
}

export async function hashRecoveryCode(code: string): Promise<string> {
  return encodeHexLowerCase(sha256(new TextEncoder().encode(normalizeRecoveryCode(code))));
}

/** String equality whose time does not depend on where the strings differ. */
export function timingSafeEqual(a: string, b: string): boolean {
  const encoder = new TextEncoder();
  return constantTimeEqual(encoder.encode(a), encoder.encode(b));
}
