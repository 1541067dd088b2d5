// Photos and documents of an asset: upload URL, attach after tagging, remove, choose the cover.
import { v } from "convex/values";
import { internalMutation } from "./lib/writes";
import { workspaceMutation } from "./lib/access";
import { takeSlot } from "./lib/limits";
import { recordEvent, workspaceAsset } from "./lib/assets/read";
import { FILE_KIND_LABELS, FILE_MESSAGES, fileError } from "./lib/assets/fileRules";
import { fileKindValidator } from "./lib/assets/tables";
import { checkUploads, claimFiles, newFileValidator, releaseFile } from "./lib/assets/store";
import { appError } from "./lib/errors";

// Uploads arrive through POST /upload-file (lib/assets/uploadHttp.ts), which checks size and
// type as the bytes come in; Convex's upload URLs would take any size until attach time.

/** One upload from `userId`'s hourly allowance, or when the next one comes back. */
export const takeUploadSlot = internalMutation({
  args: { userId: v.id("users") },
  returns: v.union(v.object({ ok: v.literal(true) }), v.object({ ok: v.literal(false), retryAfterMs: v.number() })),
  handler: async (ctx, { userId }) => await takeSlot(ctx, "upload", userId),
});

export const add = workspaceMutation({
  can: "edit",
  args: { assetId: v.id("assets"), files: v.array(newFileValidator) },
  returns: v.null(),
  handler: async (ctx, { assetId, files }) => {
    const asset = await workspaceAsset(ctx, assetId, ctx.workspace._id);
    if (files.length === 0) throw appError("INVALID", "Choose at least one file");
    const checked = await checkUploads(ctx, files, asset.files.length);
    await ctx.db.patch("assets", assetId, { files: [...asset.files, ...checked], updatedAt: Date.now() });
    await claimFiles(ctx, assetId, checked);
    const names = checked.map((f) => f.name).join(", ");
    await recordEvent(ctx, {
      assetId,
      actorId: ctx.user._id,
      type: "files",
      summary: `Added ${names}`,
      changes: checked.map((f) => ({ field: FILE_KIND_LABELS[f.kind], from: null, to: f.name })),
    });
    return null;
  },
});

export const remove = workspaceMutation({
  can: "edit",
  args: { assetId: v.id("assets"), storageId: v.id("_storage") },
  returns: v.null(),
  handler: async (ctx, { assetId, storageId }) => {
    const asset = await workspaceAsset(ctx, assetId, ctx.workspace._id);
    const file = asset.files.find((f) => f.storageId === storageId);
    if (file === undefined) throw appError("NOT_FOUND", FILE_MESSAGES.missing);
    await ctx.db.patch("assets", assetId, {
      files: asset.files.filter((f) => f.storageId !== storageId),
      updatedAt: Date.now(),
    });
    await releaseFile(ctx, assetId, storageId);
    await recordEvent(ctx, {
      assetId,
      actorId: ctx.user._id,
      type: "files",
      summary: `Removed ${file.name}`,
      changes: [{ field: FILE_KIND_LABELS[file.kind], from: file.name, to: null }],
    });
    return null;
  },
});

/**
 * The cover chosen by an editor: the photo moves to the front of the files, where every view
 * (cards, the verify page, the API) takes the cover from (coverPhotoUrl in lib/assets/read.ts).
 */
export const setCover = workspaceMutation({
  can: "edit",
  args: { assetId: v.id("assets"), storageId: v.id("_storage") },
  returns: v.null(),
  handler: async (ctx, { assetId, storageId }) => {
    const asset = await workspaceAsset(ctx, assetId, ctx.workspace._id);
    const photo = asset.files.find((f) => f.storageId === storageId);
    if (photo === undefined) throw appError("NOT_FOUND", FILE_MESSAGES.missing);
    if (photo.kind !== "photo") throw appError("INVALID", FILE_MESSAGES.coverNotPhoto);
    const previous = asset.files.find((f) => f.kind === "photo");
    if (previous?.storageId === storageId) return null;
    await ctx.db.patch("assets", assetId, {
      files: [photo, ...asset.files.filter((f) => f.storageId !== storageId)],
      updatedAt: Date.now(),
    });
    await recordEvent(ctx, {
      assetId,
      actorId: ctx.user._id,
      type: "files",
      summary: `Cover photo set to ${photo.name}`,
      changes: [{ field: "Cover photo", from: previous?.name ?? null, to: photo.name }],
    });
    return null;
  },
});

/**
 * A file's type changed (a photo of the receipt filed as the receipt, a PDF as the manual). A
 * photo must be an image; the cover stays the first photo.
 */
export const setKind = workspaceMutation({
  can: "edit",
  args: { assetId: v.id("assets"), storageId: v.id("_storage"), kind: fileKindValidator },
  returns: v.null(),
  handler: async (ctx, { assetId, storageId, kind }) => {
    const asset = await workspaceAsset(ctx, assetId, ctx.workspace._id);
    const file = asset.files.find((f) => f.storageId === storageId);
    if (file === undefined) throw appError("NOT_FOUND", FILE_MESSAGES.missing);
    if (file.kind === kind) return null;
    const problem = fileError(kind, file.contentType, 0);
    if (problem !== null) throw appError("INVALID", problem);
    await ctx.db.patch("assets", assetId, {
      files: asset.files.map((f) => (f.storageId === storageId ? { ...f, kind } : f)),
      updatedAt: Date.now(),
    });
    await recordEvent(ctx, {
      assetId,
      actorId: ctx.user._id,
      type: "files",
      summary: `${file.name} filed as ${FILE_KIND_LABELS[kind].toLowerCase()}`,
      changes: [{ field: `Type of ${file.name}`, from: FILE_KIND_LABELS[file.kind], to: FILE_KIND_LABELS[kind] }],
    });
    return null;
  },
});
