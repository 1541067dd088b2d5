// The asset registry of a workspace: tag, list, read, edit, status, delete.
// Members read; editors and up change; reads answer null/empty to visitors and
// non-members so open screens survive a sign-out or a removal.
import { paginationOptsValidator, paginationResultValidator } from "convex/server";
import { v } from "convex/values";
import { internal } from "./_generated/api";
import { internalMutation } from "./lib/writes";
import { inWorkspaceOrNull, workspaceMutation, workspaceQuery } from "./lib/access";
import { diffAsset } from "./lib/assets/diff";
import {
  assetDetailValidator,
  currentDetails,
  recordEvent,
  workspaceAsset,
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
import { assertKindAllowed } from "./lib/workspaces/kinds";
import { moveTypedBeneficiaries } from "./lib/legacy/beneficiaries";
import { assertLoadedVersion, nextVersion, versionOf } from "./lib/assets/versions";
import { currentStolenReport } from "./lib/verify/stolen";
import { earlierTag, forgetOldTagRequests, rememberTag, requestKeyArgs } from "./lib/assets/tagRequests";
import { stolenDetailsValidator, stolenReportViewValidator } from "./lib/verify/stolenRules";
import { customChanges, customSearchWords, withCustomValues } from "./lib/customFields/store";
import { lineValueOf } from "./lib/inventory/lineValue";
import { worthOf } from "./lib/assets/worth";
import { listRowValidator, toListRow } from "./lib/customFields/list";

const PURGE_BATCH = 200;

export const tag = workspaceMutation({
  can: "edit",
  // requestKey: the form's idempotency key; a repeat within the window answers the first result, charged once.
  args: { ...tagArgs, ...requestKeyArgs },
  returns: v.object({ assetId: v.id("assets"), serial: v.string() }),
  handler: async (ctx, { workspaceId: _workspaceId, requestKey, ...args }) => {
    const scope = { workspaceId: ctx.workspace._id, key: requestKey };
    const earlier = await earlierTag(ctx, scope);
    if (earlier !== null) return earlier;
    const input = await withCustomValues(ctx, ctx.workspace._id, assertAsset(args), args.custom, undefined);
    assertKindAllowed(ctx.workspace, input.kind);
    const tagged = await tagAsset(ctx, { workspaceId: ctx.workspace._id, actorId: ctx.user._id }, input, args.files, await reserveSerial(ctx));
    await rememberTag(ctx, scope, tagged);
    return tagged;
  },
});

export const listMine = workspaceQuery({
  absent: { page: [], isDone: true, continueCursor: "" },
  args: {
    paginationOpts: paginationOptsValidator,
    kind: v.optional(assetKindValidator),
    status: v.optional(assetStatusValidator),
    sort: v.optional(sortValidator),
    search: v.optional(v.string()),
  },
  returns: paginationResultValidator(listRowValidator),
  handler: async (ctx, args) => {
    const exact = await serialMatch(ctx, ctx.workspace._id, args);
    const result =
      exact !== null
        ? { page: exact, isDone: true, continueCursor: "" }
        : await listMineQuery(ctx, ctx.workspace._id, args).paginate(args.paginationOpts);
    return { ...result, page: await Promise.all(result.page.map((a) => toListRow(ctx, a))) };
  },
});

/** How many assets a kind/status filter matches, exactly: the list's total (searches have none). */
export const countMine = workspaceQuery({
  absent: 0,
  args: { kind: v.optional(assetKindValidator), status: v.optional(assetStatusValidator) },
  returns: v.number(),
  handler: async (ctx, { kind, status }) => await countOwned(ctx, ctx.workspace._id, { kind, status }),
});

// Ids arrive from the URL: a malformed one is simply not found.
export const get = workspaceQuery({
  absent: null,
  args: { assetId: v.string() },
  returns: v.union(assetDetailValidator, v.null()),
  handler: async (ctx, args) => {
    const assetId = ctx.db.normalizeId("assets", args.assetId);
    const asset = inWorkspaceOrNull(assetId === null ? null : await ctx.db.get("assets", assetId), ctx.workspace._id);
    if (asset === null) return null;
    const owners = await ownerPeriods(ctx, asset, ctx.workspace._id);
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
      custom: asset.custom ?? {},
      files: await Promise.all(asset.files.map(async (f) => ({ ...f, url: await ctx.storage.getUrl(f.storageId) }))),
      taggedAt: asset.taggedAt,
      updatedAt: asset.updatedAt,
      ownerCount: owners.length,
      owners,
      version: versionOf(asset),
      pendingTransfer: pending === null ? null : { _id: pending._id, toEmail: pending.toEmail, createdAt: pending.createdAt },
    };
  },
});

export const history = workspaceQuery({
  absent: [],
  args: { assetId: v.string() },
  returns: v.array(assetEventViewValidator),
  handler: async (ctx, args) => {
    const assetId = ctx.db.normalizeId("assets", args.assetId);
    const asset = inWorkspaceOrNull(assetId === null ? null : await ctx.db.get("assets", assetId), ctx.workspace._id);
    if (asset === null) return [];
    return await historyFor(ctx, asset, ctx.workspace._id);
  },
});

export const update = workspaceMutation({
  can: "edit",
  args: { assetId: v.id("assets"), version: v.number(), ...inputArgs },
  returns: v.null(),
  handler: async (ctx, { assetId, version, workspaceId: _workspaceId, ...args }) => {
    const found = await workspaceAsset(ctx, assetId, ctx.workspace._id);
    assertLoadedVersion(found, version);
    if (args.kind !== found.kind) throw appError("INVALID", "The kind of an asset cannot change");
    // A will asset not migrated yet keeps its beneficiaries: they move to the one list before the edit replaces its details.
    const asset = await moveTypedBeneficiaries(ctx, found);
    const input = await withCustomValues(ctx, ctx.workspace._id, assertAsset(args), args.custom, asset.custom);
    const changes = [...diffAsset({ ...asset, details: currentDetails(asset.details) }, input), ...(await customChanges(ctx, asset.custom, input.custom))];
    if (changes.length === 0) throw appError("INVALID", MESSAGES.nothingToChange);
    await ctx.db.replace("assets", assetId, {
      ...input,
      workspaceId: asset.workspaceId,
      serial: asset.serial,
      status: asset.status,
      files: asset.files,
      taggedAt: asset.taggedAt,
      updatedAt: Date.now(),
      searchText: searchTextOf({ ...input, serial: asset.serial }, await customSearchWords(ctx, ctx.workspace._id, input)),
      lineValue: lineValueOf(input),
      worth: worthOf({ ...input, workspaceId: asset.workspaceId, status: asset.status }),
      ...nextVersion(asset),
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

/** `stolen` (with status stolen): when and where it was stolen, and the police report number if any. */
export const setStatus = workspaceMutation({
  can: "edit",
  args: { assetId: v.id("assets"), status: assetStatusValidator, stolen: v.optional(stolenDetailsValidator) },
  returns: v.null(),
  handler: async (ctx, { assetId, status, stolen }) => {
    const asset = await workspaceAsset(ctx, assetId, ctx.workspace._id);
    if (asset.status === status) throw appError("INVALID", MESSAGES.nothingToChange);
    await changeStatus(ctx, asset, status, ctx.user._id, status === "stolen" ? stolen : undefined);
    return null;
  },
});

/** The report behind a stolen asset's status, for its workspace; null when it is not stolen. */
export const stolenReport = workspaceQuery({
  absent: null,
  args: { assetId: v.string() },
  returns: v.union(v.null(), stolenReportViewValidator),
  handler: async (ctx, args) => {
    const assetId = ctx.db.normalizeId("assets", args.assetId);
    const asset = inWorkspaceOrNull(assetId === null ? null : await ctx.db.get("assets", assetId), ctx.workspace._id);
    return asset === null ? null : await currentStolenReport(ctx, asset);
  },
});

export const remove = workspaceMutation({
  can: "edit",
  args: { assetId: v.id("assets") },
  returns: v.null(),
  handler: async (ctx, { assetId }) => {
    await deleteAsset(ctx, await workspaceAsset(ctx, assetId, ctx.workspace._id), ctx.user._id);
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
    const stolen = await ctx.db
      .query("stolenReports")
      .withIndex("by_assetId_and_reportedAt", (q) => q.eq("assetId", assetId))
      .take(PURGE_BATCH);
    for (const e of events) await ctx.db.delete("assetEvents", e._id);
    for (const o of owners) await ctx.db.delete("assetOwners", o._id);
    for (const b of named) await ctx.db.delete("beneficiaries", b._id);
    for (const r of stolen) await ctx.db.delete("stolenReports", r._id);
    if ([events, owners, named, stolen].some((rows) => rows.length === PURGE_BATCH)) {
      await ctx.scheduler.runAfter(0, internal.assets.purgeRecords, { assetId });
    }
    return null;
  },
});

/** Forgets tag idempotency keys past their window (hourly cron), a batch at a time. */
export const forgetTagRequests = internalMutation({
  args: {},
  returns: v.null(),
  handler: async (ctx) => {
    if (await forgetOldTagRequests(ctx)) await ctx.scheduler.runAfter(0, internal.assets.forgetTagRequests, {});
    return null;
  },
});

/** Demo assets for the local backend; does nothing for an account that already has some. */
export const seedDemo = internalMutation({
  args: {},
  returns: v.number(),
  handler: async (ctx) => await seedDemoAssets(ctx),
});
