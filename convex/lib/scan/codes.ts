// What a scanned QR code (or a typed one) names, read the same way by the scanner and by the
// server. The app's labels encode addresses on the site that printed them (src/lib/labels):
// an item's label and a sticker `<origin>/verify/<serial>`, a location's label
// `<origin>/locations/<id>?w=<workspace>`. A label printed on another copy of the app (a
// preview, the local backend) still names the same thing, so the origin is not required to
// match; the path is what counts. A serial typed or printed alone reads as itself.
import { isSerialFormat, normaliseSerial } from "../assets/serial";

/** Longer than any label the app prints; a longer "code" is refused before it is parsed. */
export const MAX_SCANNED_CODE = 512;

type ScannedCode =
  | { kind: "serial"; serial: string }
  | { kind: "location"; locationId: string; workspaceId: string }
  | { kind: "unknown" };

const VERIFY_PATH = /^\/verify\/([^/]+)\/?$/;
const LOCATION_PATH = /^\/locations\/([^/]+)\/?$/;

function decoded(part: string): string | null {
  try {
    return decodeURIComponent(part);
  } catch {
    return null;
  }
}

function fromUrl(text: string): ScannedCode {
  let url: URL;
  try {
    url = new URL(text);
  } catch {
    return { kind: "unknown" };
  }
  if (url.protocol !== "https:" && url.protocol !== "http:") return { kind: "unknown" };
  const verify = VERIFY_PATH.exec(url.pathname);
  if (verify) {
    const serial = normaliseSerial(decoded(verify[1]) ?? "");
    return isSerialFormat(serial) ? { kind: "serial", serial } : { kind: "unknown" };
  }
  const location = LOCATION_PATH.exec(url.pathname);
  const workspaceId = url.searchParams.get("w");
  if (location && workspaceId) {
    const locationId = decoded(location[1]);
    if (locationId) return { kind: "location", locationId, workspaceId };
  }
  return { kind: "unknown" };
}

/** What `text` (a QR code's content, or what someone typed) names. */
export function parseScannedCode(text: string): ScannedCode {
  const trimmed = text.trim();
  if (trimmed === "" || trimmed.length > MAX_SCANNED_CODE) return { kind: "unknown" };
  if (/^https?:\/\//i.test(trimmed)) return fromUrl(trimmed);
  const serial = normaliseSerial(trimmed);
  return isSerialFormat(serial) ? { kind: "serial", serial } : { kind: "unknown" };
}
