// Attaching uploads to assets: the server reads each file's real type and size
// from storage (never the browser's word) and claims it for one asset only.
import { v } from "convex/values";
import type { Id } from "../../_generated/dataModel";
import type { MutationCtx } from "../../_generated/server";
import { FILE_MESSAGES, MAX_ASSET_FILES, MAX_FILE_NAME, fileError, type FileKind } from "./fileRules";
import { fileKindValidator, type AssetFile } from "./tables";
import { appError } from "../errors";
import { hasControlChars, oneLineMessage } from "../oneLine";

export const newFileValidator = v.object({
  storageId: v.id("_storage"),
  kind: fileKindValidator,
  name: v.string(),
});
type NewFile = { storageId: Id<"_storage">; kind: FileKind; name: string };

/** Checks uploads against storage metadata and returns the file records to store. */
export async function checkUploads(ctx: MutationCtx, files: NewFile[], alreadyAttached: number): Promise<AssetFile[]> {
  if (files.length + alreadyAttached > MAX_ASSET_FILES) throw appError("INVALID", FILE_MESSAGES.tooMany);
  if (new Set(files.map((f) => f.storageId)).size !== files.length) throw appError("INVALID", FILE_MESSAGES.inUse);
  const out: AssetFile[] = [];
  for (const file of files) {
    const name = file.name.trim();
    if (name === "" || name.length > MAX_FILE_NAME) throw appError("INVALID", FILE_MESSAGES.badName);
    if (hasControlChars(name)) throw appError("INVALID", oneLineMessage("File names"));
    const meta = await ctx.db.system.get("_storage", file.storageId);
    if (meta === null) throw appError("INVALID", FILE_MESSAGES.missing);
    const contentType = meta.contentType ?? "application/octet-stream";
    const problem = fileError(file.kind, contentType, meta.size);
    if (problem !== null) throw appError("INVALID", problem);
    const claimed = await ctx.db
      .query("assetFileRefs")
      .withIndex("by_storageId", (q) => q.eq("storageId", file.storageId))
      .first();
    if (claimed !== null) throw appError("INVALID", FILE_MESSAGES.inUse);
    out.push({ storageId: file.storageId, kind: file.kind, name, contentType, size: meta.size });
  }
  return out;
}

export async function claimFiles(ctx: MutationCtx, assetId: Id<"assets">, files: AssetFile[]) {
  for (const file of files) await ctx.db.insert("assetFileRefs", { storageId: file.storageId, assetId });
}

/** Deletes a file's blob and its claim, only when this asset holds the claim. */
export async function releaseFile(ctx: MutationCtx, assetId: Id<"assets">, storageId: Id<"_storage">) {
  const claim = await ctx.db
    .query("assetFileRefs")
    .withIndex("by_storageId", (q) => q.eq("storageId", storageId))
    .first();
  if (claim === null || claim.assetId !== assetId) return;
  await ctx.db.delete("assetFileRefs", claim._id);
  await ctx.storage.delete(storageId);
}
