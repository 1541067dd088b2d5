// Signed one-purpose links (next-of-kin contact confirmation, lapse confirmation,
// beneficiary access, workspace invitations and join links, a borrower accepting lent items). A token is random bytes
// plus an HMAC over them and its purpose, so a forged or re-purposed token is refused
// before any lookup; only its SHA-256 is stored.
import { hmac } from "@oslojs/crypto/hmac";
import { SHA256, sha256 } from "@oslojs/crypto/sha2";
import { constantTimeEqual } from "@oslojs/crypto/subtle";
import { decodeBase64urlIgnorePadding, encodeBase64urlNoPadding, encodeHexLowerCase } from "@oslojs/encoding";
import { env } from "../_generated/server";
import { LINK_TOKEN_BYTES } from "./tokenLinks";

type TokenPurpose = "contact" | "lapse" | "grant" | "invite" | "join" | "loan" | "certificate";
const encoder = new TextEncoder();

// LEGACY_LINK_SECRET when the deployment sets one (its name predates the other purposes;
// renaming it would void every link already sent); otherwise derived from the auth
// signing key, which every deployment has and no client ever sees. The purpose is part
// of what is signed, so a token of one purpose is refused for every other.
function secret(): Uint8Array {
  const dedicated = env.LEGACY_LINK_SECRET;
  if (dedicated) return encoder.encode(dedicated);
  const key = env.JWT_PRIVATE_KEY;
  if (!key) throw new Error("JWT_PRIVATE_KEY or LEGACY_LINK_SECRET must be set to sign links");
  return sha256(encoder.encode(`tagmything-legacy-links:${key}`));
}

/** The deployment's HMAC over `body` for one purpose (ownership certificates sign their facts with it too). */
export function signature(purpose: TokenPurpose, body: Uint8Array): Uint8Array {
  return hmac(SHA256, secret(), new Uint8Array([...encoder.encode(`${purpose}:`), ...body]));
}

/** A fresh token for one purpose; the caller stores `hash` and mails `token`. */
export function createToken(purpose: TokenPurpose): { token: string; hash: string } {
  const body = crypto.getRandomValues(new Uint8Array(LINK_TOKEN_BYTES));
  const token = `${encodeBase64urlNoPadding(body)}.${encodeBase64urlNoPadding(signature(purpose, body))}`;
  return { token, hash: hashToken(token) };
}

function hashToken(token: string): string {
  return encodeHexLowerCase(sha256(encoder.encode(token)));
}

/** The stored hash of a well-signed token for this purpose, or null for anything else. */
export function verifiedHash(purpose: TokenPurpose, token: string): string | null {
  if (token.length > 200) return null;
  const [bodyText, sigText, extra] = token.split(".");
  if (!bodyText || !sigText || extra !== undefined) return null;
  try {
    const body = decodeBase64urlIgnorePadding(bodyText);
    const sig = decodeBase64urlIgnorePadding(sigText);
    if (body.length !== LINK_TOKEN_BYTES || !constantTimeEqual(sig, signature(purpose, body))) return null;
  } catch {
    return null;
  }
  return hashToken(token);
}
