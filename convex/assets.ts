// The asset registry: tag, list, read, edit, status, delete.
// Owners alone read full details or change anything; reads answer null/empty to
// visitors so open screens survive a sign-out.
import { paginationOptsValidator, paginationResultValidator } from "convex/server";
import { v } from "convex/values";
import { internal } from "./_generated/api";
import { internalMutation } from "./lib/writes";
import { ownedOrNull, userMutation, viewerQuery } from "./lib/access";
import { diffAsset } from "./lib/assets/diff";
import {
  assetDetailValidator,
  assetSummaryValidator,
  currentDetails,
  ownedAsset,
  recordEvent,
  toSummary,
} from "./lib/assets/read";
import { assetEventViewValidator, historyFor, ownerPeriods } from "./lib/assets/history";
import { listMineQuery, serialMatch } from "./lib/assets/list";
import { sortValidator } from "./lib/assets/sorts";
import { countOwned } from "./lib/counts/assetCounts";
import { assertAsset, searchTextOf } from "./lib/assets/rules";
import { changeStatus, deleteAsset } from "./lib/assets/changes";
import { reserveSerial } from "./lib/assets/serial";
import { assetInputArgs as inputArgs, tagArgs, tagAsset } from "./lib/assets/tagging";
import { seedDemoAssets } from "./lib/assets/seed";
import { assetKindValidator, assetStatusValidator } from "./lib/assets/tables";
import { appError, MESSAGES } from "./lib/errors";
import { moveTypedBeneficiaries } from "./lib/legacy/beneficiaries";

const PURGE_BATCH = 200;

export const tag = userMutation({
  args: tagArgs,
  returns: v.object({ assetId: v.id("assets"), serial: v.string() }),
  handler: async (ctx, args) => {
    const input = assertAsset(args);
    return await tagAsset(ctx, ctx.user._id, input, args.files, await reserveSerial(ctx));
  },
});

export const listMine = viewerQuery({
  signedOut: { page: [], isDone: true, continueCursor: "" },
  args: {
    paginationOpts: paginationOptsValidator,
    kind: v.optional(assetKindValidator),
    status: v.optional(assetStatusValidator),
    sort: v.optional(sortValidator),
    search: v.optional(v.string()),
  },
  returns: paginationResultValidator(assetSummaryValidator),
  handler: async (ctx, args) => {
    const exact = await serialMatch(ctx, ctx.user._id, args);
    const result =
      exact !== null
        ? { page: exact, isDone: true, continueCursor: "" }
        : await listMineQuery(ctx, ctx.user._id, args).paginate(args.paginationOpts);
    return { ...result, page: await Promise.all(result.page.map((a) => toSummary(ctx, a))) };
  },
});

/** How many assets a kind/status filter matches, exactly: the list's total (searches have none). */
export const countMine = viewerQuery({
  signedOut: 0,
  args: { kind: v.optional(assetKindValidator), status: v.optional(assetStatusValidator) },
  returns: v.number(),
  handler: async (ctx, args) => await countOwned(ctx, ctx.user._id, args),
});

// Ids arrive from the URL: a malformed one is simply not found.
export const get = viewerQuery({
  signedOut: null,
  args: { assetId: v.string() },
  returns: v.union(assetDetailValidator, v.null()),
  handler: async (ctx, args) => {
    const assetId = ctx.db.normalizeId("assets", args.assetId);
    const asset = ownedOrNull(assetId === null ? null : await ctx.db.get("assets", assetId), (a) => a.ownerId, ctx.user._id);
    if (asset === null) return null;
    const owners = await ownerPeriods(ctx, asset, ctx.user._id);
    const pending = await ctx.db
      .query("transfers")
      .withIndex("by_assetId_and_status", (q) => q.eq("assetId", asset._id).eq("status", "pending"))
      .first();
    return {
      _id: asset._id,
      serial: asset.serial,
      kind: asset.kind,
      name: asset.name,
      description: asset.description ?? null,
      category: asset.category ?? null,
      visibility: asset.visibility,
      status: asset.status,
      details: currentDetails(asset.details),
      files: await Promise.all(asset.files.map(async (f) => ({ ...f, url: await ctx.storage.getUrl(f.storageId) }))),
      taggedAt: asset.taggedAt,
      updatedAt: asset.updatedAt,
      ownerCount: owners.length,
      owners,
      pendingTransfer: pending === null ? null : { _id: pending._id, toEmail: pending.toEmail, createdAt: pending.createdAt },
    };
  },
});

export const history = viewerQuery({
  signedOut: [],
  args: { assetId: v.string() },
  returns: v.array(assetEventViewValidator),
  handler: async (ctx, args) => {
    const assetId = ctx.db.normalizeId("assets", args.assetId);
    const asset = ownedOrNull(assetId === null ? null : await ctx.db.get("assets", assetId), (a) => a.ownerId, ctx.user._id);
    if (asset === null) return [];
    return await historyFor(ctx, asset, ctx.user._id);
  },
});

export const update = userMutation({
  args: { assetId: v.id("assets"), ...inputArgs },
  returns: v.null(),
  handler: async (ctx, { assetId, ...args }) => {
    const found = await ownedAsset(ctx, assetId, ctx.user._id);
    if (args.kind !== found.kind) throw appError("INVALID", "The kind of an asset cannot change");
    // A will asset not migrated yet keeps its beneficiaries: they move to the one list before the edit replaces its details.
    const asset = await moveTypedBeneficiaries(ctx, found);
    const input = assertAsset(args);
    const changes = diffAsset(asset, input);
    if (changes.length === 0) throw appError("INVALID", MESSAGES.nothingToChange);
    await ctx.db.replace("assets", assetId, {
      ...input,
      ownerId: asset.ownerId,
      serial: asset.serial,
      status: asset.status,
      files: asset.files,
      taggedAt: asset.taggedAt,
      updatedAt: Date.now(),
      searchText: searchTextOf({ ...input, serial: asset.serial }),
    });
    const onlyVisibility = changes.length === 1 && changes[0].field === "Visibility";
    await recordEvent(ctx, {
      assetId,
      actorId: ctx.user._id,
      type: onlyVisibility ? "visibility" : "edited",
      summary: onlyVisibility ? `Made ${input.visibility}` : `Edited ${changes.map((c) => c.field.toLowerCase()).join(", ")}`,
      changes,
    });
    return null;
  },
});

export const setStatus = userMutation({
  args: { assetId: v.id("assets"), status: assetStatusValidator },
  returns: v.null(),
  handler: async (ctx, { assetId, status }) => {
    const asset = await ownedAsset(ctx, assetId, ctx.user._id);
    if (asset.status === status) throw appError("INVALID", MESSAGES.nothingToChange);
    await changeStatus(ctx, asset, status, ctx.user._id);
    return null;
  },
});

export const remove = userMutation({
  args: { assetId: v.id("assets") },
  returns: v.null(),
  handler: async (ctx, { assetId }) => {
    await deleteAsset(ctx, await ownedAsset(ctx, assetId, ctx.user._id), ctx.user._id);
    return null;
  },
});

/** History and provenance of a deleted asset, in batches. */
export const purgeRecords = internalMutation({
  args: { assetId: v.id("assets") },
  returns: v.null(),
  handler: async (ctx, { assetId }) => {
    const events = await ctx.db
      .query("assetEvents")
      .withIndex("by_assetId_and_at", (q) => q.eq("assetId", assetId))
      .take(PURGE_BATCH);
    const owners = await ctx.db
      .query("assetOwners")
      .withIndex("by_assetId", (q) => q.eq("assetId", assetId))
      .take(PURGE_BATCH);
    // Nobody inherits a deleted asset: its beneficiaries go with it.
    const named = await ctx.db
      .query("beneficiaries")
      .withIndex("by_assetId", (q) => q.eq("assetId", assetId))
      .take(PURGE_BATCH);
    for (const e of events) await ctx.db.delete("assetEvents", e._id);
    for (const o of owners) await ctx.db.delete("assetOwners", o._id);
    for (const b of named) await ctx.db.delete("beneficiaries", b._id);
    if (events.length === PURGE_BATCH || owners.length === PURGE_BATCH || named.length === PURGE_BATCH) {
      await ctx.scheduler.runAfter(0, internal.assets.purgeRecords, { assetId });
    }
    return null;
  },
});

/** Demo assets for the local backend; does nothing for an account that already has some. */
export const seedDemo = internalMutation({
  args: {},
  returns: v.number(),
  handler: async (ctx) => await seedDemoAssets(ctx),
});
