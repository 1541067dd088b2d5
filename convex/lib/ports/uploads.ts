// A ZIP part too large for POST /import-zip (an HTTP action takes at most 20 MiB) comes through
// one of Convex's upload URLs, the way Convex recommends for large files. An upload URL says
// nothing about who used it, and a storage id alone proves nothing: it may be anyone's file
// (another workspace's export, someone's photo), and an import deletes its parts once read.
// So the part is announced first, with its size and SHA-256, when the URL is issued; an id is
// taken into the import only when storage's own record of it matches an announcement of this
// import (same size and digest) and it was stored after that announcement and within the URL's
// life. To pass someone else's file off as one's upload, an attacker would have to know its
// exact bytes before it was stored; a file an item holds is refused outright.
import { v, type Infer } from "convex/values";
import { UPLOAD_URL_TTL_MS } from "./rules";

export const uploadSlotValidator = v.object({ sha256: v.string(), size: v.number(), issuedAt: v.number() });
type Slot = Infer<typeof uploadSlotValidator>;

/** A SHA-256 digest as the browser writes it: 64 lowercase hex digits. */
export const isHexDigest = (digest: string) => /^[0-9a-f]{64}$/.test(digest);

/** Storage's digest of a file (base64 since Convex 1.x, hex before) as lowercase hex. */
function hexDigest(stored: string): string {
  if (/^[0-9a-fA-F]{64}$/.test(stored)) return stored.toLowerCase();
  try {
    return [...atob(stored)].map((c) => c.charCodeAt(0).toString(16).padStart(2, "0")).join("");
  } catch {
    return "";
  }
}

/** The announcement a stored file answers, or -1. */
export function matchingSlot(slots: readonly Slot[], file: { sha256: string; size: number; _creationTime: number }): number {
  const digest = hexDigest(file.sha256);
  return slots.findIndex((s) => s.size === file.size && s.sha256 === digest && file._creationTime > s.issuedAt && file._creationTime <= s.issuedAt + UPLOAD_URL_TTL_MS);
}

/** The announcements still open at `now`. */
export const openSlots = (slots: readonly Slot[] | undefined, now: number) => (slots ?? []).filter((s) => s.issuedAt + UPLOAD_URL_TTL_MS > now);
