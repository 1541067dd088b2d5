// POST /upload-file on the site URL: the one way files enter storage from the app.
// Convex's own upload URLs accept any size and type until the file is attached, so
// uploads come through here instead, where the limits apply while the bytes arrive:
// a signed-in caller with a live session, a permitted type, at most MAX_FILE_BYTES
// (refused from Content-Length, and again while reading, whatever the header said).
import { internal } from "../../_generated/api";
import { httpAction } from "../../_generated/server";
import { getSessionStateInAction } from "../access";
import { DOCUMENT_TYPES, FILE_MESSAGES, MAX_FILE_BYTES } from "./fileRules";
import { jsonReply } from "../httpCors";
import { MESSAGES } from "../errors";
import { limitedMessage } from "../limits";

export const UPLOAD_MESSAGES = {
  noSession: MESSAGES.notAuthenticated,
  badType: FILE_MESSAGES.notDocument,
  tooLarge: FILE_MESSAGES.tooLarge,
  empty: "The file is empty",
} as const;

/**
 * The body's chunks, or null as soon as it passes `limit` bytes (the rest is never buffered).
 * An upload stores them as they are: a file near the cap then takes its size once more as the
 * stored Blob, not twice, inside an HTTP action's memory.
 */
async function readChunks(request: Request, limit: number): Promise<{ chunks: Uint8Array<ArrayBuffer>[]; size: number } | null> {
  if (request.body === null) return { chunks: [], size: 0 };
  const reader = request.body.getReader();
  const chunks: Uint8Array<ArrayBuffer>[] = [];
  let total = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    total += value.byteLength;
    if (total > limit) {
      await reader.cancel();
      return null;
    }
    chunks.push(value as Uint8Array<ArrayBuffer>);
  }
  return { chunks, size: total };
}

/** The body as one array, or null as soon as it passes `limit` bytes (the rest is never buffered). */
export async function readCapped(request: Request, limit: number): Promise<Uint8Array | null> {
  const read = await readChunks(request, limit);
  if (read === null) return null;
  const body = new Uint8Array(read.size);
  let offset = 0;
  for (const chunk of read.chunks) {
    body.set(chunk, offset);
    offset += chunk.byteLength;
  }
  return body;
}

export const uploadFile = httpAction(async (ctx, request) => {
  const session = await getSessionStateInAction(ctx);
  if (session.status !== "active") return jsonReply(request, 401, { error: UPLOAD_MESSAGES.noSession });
  const type = (request.headers.get("Content-Type") ?? "").toLowerCase().split(";")[0].trim();
  if (!(DOCUMENT_TYPES as readonly string[]).includes(type)) return jsonReply(request, 415, { error: UPLOAD_MESSAGES.badType });
  const declared = Number(request.headers.get("Content-Length") ?? "0");
  if (!Number.isFinite(declared) || declared > MAX_FILE_BYTES) {
    return jsonReply(request, 413, { error: UPLOAD_MESSAGES.tooLarge });
  }
  const slot = await ctx.runMutation(internal.assetFiles.takeUploadSlot, { userId: session.user._id });
  if (!slot.ok) return jsonReply(request, 429, { error: limitedMessage("upload", slot.retryAfterMs) });
  const body = await readChunks(request, MAX_FILE_BYTES);
  if (body === null) return jsonReply(request, 413, { error: UPLOAD_MESSAGES.tooLarge });
  if (body.size === 0) return jsonReply(request, 400, { error: UPLOAD_MESSAGES.empty });
  const storageId = await ctx.storage.store(new Blob(body.chunks, { type }));
  return jsonReply(request, 200, { storageId });
});
