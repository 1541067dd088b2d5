// POST /import-zip?workspaceId=... on the site URL: one ZIP file (or one part of a large
// export) for a workspace import. Only its owners and admins, at most MAX_HTTP_PART_BYTES
// (refused from Content-Length and again while reading), and only what starts like a ZIP;
// the import reads it as untrusted input later (lib/ports/zipRead.ts).
import { internal } from "../../_generated/api";
import type { Id } from "../../_generated/dataModel";
import { httpAction } from "../../_generated/server";
import { getSessionStateInAction } from "../access";
import { readCapped } from "../assets/uploadHttp";
import { MESSAGES } from "../errors";
import { jsonReply } from "../httpCors";
import { allows, type WorkspaceAccess } from "../workspaces/policy";
import { WORKSPACE_MESSAGES } from "../workspaces/rules";
import { MAX_HTTP_PART_BYTES, PORT_MESSAGES } from "./rules";

export const uploadImportZip = httpAction(async (ctx, request) => {
  const session = await getSessionStateInAction(ctx);
  if (session.status !== "active") return jsonReply(request, 401, { error: MESSAGES.notAuthenticated });
  const raw = new URL(request.url).searchParams.get("workspaceId") ?? "";
  const access = /^[a-z0-9]{10,40}$/.test(raw)
    ? ((await ctx.runQuery(internal.workspaces.access, { workspaceId: raw as Id<"workspaces">, userId: session.user._id }).catch(() => null)) as WorkspaceAccess | null)
    : null;
  // A workspace the caller is not in reads like one that does not exist.
  if (access === null) return jsonReply(request, 404, { error: WORKSPACE_MESSAGES.notFound });
  if (!allows(access, { can: "settings" })) return jsonReply(request, 403, { error: PORT_MESSAGES.notAllowed });
  const declared = Number(request.headers.get("Content-Length") ?? "0");
  if (!Number.isFinite(declared) || declared > MAX_HTTP_PART_BYTES) return jsonReply(request, 413, { error: PORT_MESSAGES.useUploadUrl });
  const bytes = await readCapped(request, MAX_HTTP_PART_BYTES);
  if (bytes === null) return jsonReply(request, 413, { error: PORT_MESSAGES.useUploadUrl });
  if (bytes.byteLength < 22 || bytes[0] !== 0x50 || bytes[1] !== 0x4b) return jsonReply(request, 415, { error: PORT_MESSAGES.notZip });
  const storageId = await ctx.storage.store(new Blob([bytes as Uint8Array<ArrayBuffer>], { type: "application/zip" }));
  const refused = await ctx.runMutation(internal.workspacePorts.receivePart, { workspaceId: access.workspace._id, userId: session.user._id, storageId });
  if (refused !== null) {
    await ctx.storage.delete(storageId);
    return jsonReply(request, 409, { error: refused });
  }
  return jsonReply(request, 200, { ok: true });
});
