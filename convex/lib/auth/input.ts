// Server-side checks of what users type into the sign-in screens.
import { DEFAULT_VERIFICATION_SOURCE } from "../constants";
import { appError, MESSAGES } from "../errors";
import { normaliseAddress } from "./emailIdentity";

const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
// `from` and `ref` only travel inside the link (URL-encoded); bound them, drop control characters.
const SOURCE_PATTERN = /^[^\p{Cc}]{1,64}$/u;
// Same shape the client accepts for ?ref=.
const REF_PATTERN = /^[A-Za-z0-9_-]{1,64}$/;

/** The address as stored and mailed to (see normaliseAddress), or the 'invalid email' message (MESSAGES.invalidEmail). */
export function parseEmail(value: unknown): string {
  const email = typeof value === "string" && value.length <= 320 ? normaliseAddress(value) : "";
  if (email.length > 254 || !EMAIL_PATTERN.test(email)) {
    throw appError("INVALID", MESSAGES.invalidEmail);
  }
  return email;
}

export function parseCode(value: unknown, message: string): string {
  if (typeof value !== "string" || value.trim() === "") {
    throw appError("INVALID", message);
  }
  return value.trim();
}

/** Where the sign-up started ("from" in the verification link); anything odd falls back. */
export function parseSource(value: unknown): string {
  const source = typeof value === "string" ? value.trim() : "";
  return SOURCE_PATTERN.test(source) ? source : DEFAULT_VERIFICATION_SOURCE;
}

/** A captured referral code (codes are upper case), or undefined when absent or malformed. */
export function parseRef(value: unknown): string | undefined {
  return typeof value === "string" && REF_PATTERN.test(value.trim())
    ? value.trim().toUpperCase()
    : undefined;
}

export function randomString(length: number, alphabet: string): string {
  const out: string[] = [];
  const limit = 256 - (256 % alphabet.length);
  while (out.length < length) {
    const bytes = crypto.getRandomValues(new Uint8Array(length * 2));
    for (const b of bytes) {
      // Rejection sampling keeps every character equally likely.
      if (b < limit && out.length < length) out.push(alphabet[b % alphabet.length]);
    }
  }
  return out.join("");
}
