// Codes we send (links, SMS codes) are stored only as SHA-256 hashes and compared
// in constant time.
import { constantTimeEqual } from "@oslojs/crypto/subtle";
import { sha256 } from "@oslojs/crypto/sha2";
import { decodeHex, encodeHexLowerCase } from "@oslojs/encoding";

export function hashCode(code: string): string {
  return encodeHexLowerCase(sha256(new TextEncoder().encode(code)));
}

/** Equal hex hashes, without an early exit that would time the first difference. */
export function hashesEqual(a: string, b: string): boolean {
  if (a.length !== b.length || !/^[0-9a-f]*$/.test(a) || !/^[0-9a-f]*$/.test(b)) return false;
  return constantTimeEqual(decodeHex(a), decodeHex(b));
}

/** Two secrets compared by their hashes, so the time taken says nothing about either. */
export function secretsEqual(given: string, expected: string): boolean {
  return hashesEqual(hashCode(given), hashCode(expected));
}
