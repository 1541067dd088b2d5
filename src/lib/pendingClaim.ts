// A visitor who pressed "Claim this tag" may sign up rather than sign in: the emailed link
// brings them back to /tag (perhaps in another tab) without the code in the address. The code
// waits here for a day, so the tag form can still offer the claim.
import { isStickerCode, normaliseSerial } from "../../convex/lib/assets/serial";

const KEY = "tmt.pendingClaim";
const KEEP_MS = 24 * 60 * 60 * 1000;

export function rememberClaim(code: string): void {
  try {
    localStorage.setItem(KEY, JSON.stringify({ code: normaliseSerial(code), at: Date.now() }));
  } catch {
    // Without storage the visitor opens the sticker's link again after signing up.
  }
}

export function pendingClaim(): string | null {
  try {
    const value: unknown = JSON.parse(localStorage.getItem(KEY) ?? "null");
    if (typeof value !== "object" || value === null) return null;
    const { code, at } = value as { code?: unknown; at?: unknown };
    if (typeof code !== "string" || typeof at !== "number" || Date.now() - at > KEEP_MS) return null;
    return isStickerCode(code) ? code : null;
  } catch {
    return null;
  }
}

export function forgetClaim(): void {
  try {
    localStorage.removeItem(KEY);
  } catch {
    // Nothing stored.
  }
}
