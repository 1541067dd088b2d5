// File storage over HTTP as Convex serves it (crates/local_backend/src/storage.rs,
// crates/file_storage/src/core.rs, crates/keybroker): an upload's `Digest` header is
// checked against the bytes, a download honours one byte range (206), and refusals carry
// Convex's codes and messages.
import { sha256Base64 } from "./syscalls.mjs";

/** Convex's refusals of an upload token (keybroker `check_store_file_authorization`). */
export const UPLOAD_REFUSED = {
  invalid: { code: "StorageTokenInvalid", message: "Couldn't decode the StoreFileAuthorization token" },
  expired: { code: "StorageTokenExpired", message: "Store File Authorization expired" },
};

/**
 * An upload's problem with its `Digest: sha-256=<base64>` header, or null (no header, or
 * it matches): `{ status, code, message }` as Convex answers.
 */
export function digestProblem(header, bytes) {
  if (header === undefined) return null;
  const expected = /^sha-256=([A-Za-z0-9+/]+={0,2})$/.exec(String(header).trim())?.[1];
  if (!expected || Buffer.from(expected, "base64").length !== 32) {
    return { status: 400, code: "BadHeader", message: "Bad header for digest: invalid HTTP header (digest)" };
  }
  const actual = sha256Base64(bytes);
  if (Buffer.from(expected, "base64").equals(Buffer.from(actual, "base64"))) return null;
  return { status: 400, code: "Sha256Mismatch", message: `Sha256 mismatch. Expected: ${expected} Actual: ${actual}` };
}

/**
 * The one byte range a `Range` header asks of a file of `size` bytes: `{ start, end }`
 * (inclusive), null without a header, or "unsatisfiable" (several ranges, as Convex
 * serves one only, or a range outside the file).
 */
function byteRange(header, size) {
  if (header === undefined) return null;
  const m = /^bytes=(\d*)-(\d*)$/.exec(String(header).trim());
  if (!m || (m[1] === "" && m[2] === "")) return "unsatisfiable";
  let start;
  let end;
  if (m[1] === "") {
    start = Math.max(0, size - Number(m[2]));
    end = size - 1;
  } else {
    start = Number(m[1]);
    end = m[2] === "" ? size - 1 : Math.min(Number(m[2]), size - 1);
  }
  return start > end || start >= size ? "unsatisfiable" : { start, end };
}

/**
 * Sends a stored file ({ bytes, contentType, sha256 }) with Convex's headers: the whole
 * file with its `Digest`, or the asked range as 206 Partial Content.
 */
export function sendFile(res, file, rangeHeader, headers) {
  const common = { ...headers, "Content-Type": file.contentType, "Cache-Control": "private, max-age=2592000", "Accept-Ranges": "bytes" };
  const range = byteRange(rangeHeader, file.bytes.length);
  if (range === "unsatisfiable") {
    res.writeHead(416, { ...headers, "Content-Range": `bytes */${file.bytes.length}` });
    return res.end();
  }
  if (range === null) {
    res.writeHead(200, { ...common, "Content-Length": file.bytes.length, ...(file.sha256 ? { Digest: `sha-256=${file.sha256}` } : {}) });
    return res.end(file.bytes);
  }
  const part = file.bytes.subarray(range.start, range.end + 1);
  res.writeHead(206, { ...common, "Content-Length": part.length, "Content-Range": `bytes ${range.start}-${range.end}/${file.bytes.length}` });
  return res.end(part);
}
