// Claimable QR stickers: a business workspace's editors print a batch of unclaimed codes;
// whoever scans one at /verify/{code} may tag the item with that code as its serial, into
// their current workspace. Admins (the account role) audit every batch.
import { v } from "convex/values";
import { internal } from "./_generated/api";
import type { Doc, Id } from "./_generated/dataModel";
import type { MutationCtx, QueryCtx } from "./_generated/server";
import { internalMutation } from "./lib/writes";
import { publicMutation, workspaceMutation, workspaceQuery } from "./lib/access";
import { assertAsset } from "./lib/assets/rules";
import { isStickerCode, normaliseSerial } from "./lib/assets/serial";
import { earlierTag, rememberTag, requestKeyArgs } from "./lib/assets/tagRequests";
import { tagArgs, tagAsset } from "./lib/assets/tagging";
import { isAdmin } from "./lib/roles";
import { enforceBatchLimit, takeStickerGuess, type Guesser } from "./lib/stickers/limits";
import {
  assertBatchCount,
  claimResultValidator,
  drawStickerCode,
  STICKER_BATCH_LIST_MAX,
  STICKER_BATCH_MAX,
  STICKER_CODES_PER_MUTATION,
  stickerBatchValidator,
} from "./lib/stickers/rules";
import { cleanVisitorId } from "./lib/verify/rules";
import { assertKindAllowed } from "./lib/workspaces/kinds";

/** The batch when it is the workspace's or the caller is an admin; anyone else reads it as missing. */
async function visibleBatch(ctx: QueryCtx, workspaceId: Id<"workspaces">, user: Doc<"users">, id: string): Promise<Doc<"stickerBatches"> | null> {
  const batchId = ctx.db.normalizeId("stickerBatches", id);
  const batch = batchId === null ? null : await ctx.db.get("stickerBatches", batchId);
  return batch !== null && (batch.workspaceId === workspaceId || isAdmin(user)) ? batch : null;
}

/** Sticker sheets are a business workspace's. */
const STICKERS = { kinds: ["business"] } as const;

async function unclaimedCode(ctx: QueryCtx, code: string): Promise<Doc<"stickerCodes"> | null> {
  if (!isStickerCode(code)) return null;
  const row = await ctx.db
    .query("stickerCodes")
    .withIndex("by_code", (q) => q.eq("code", normaliseSerial(code)))
    .unique();
  return row !== null && row.claimedBy === undefined ? row : null;
}

/**
 * Draws up to one mutation's share of a batch's codes, and schedules the next share: a batch of
 * 1,000 is written in a few short transactions rather than one that could pass Convex's 1 s.
 */
async function makeCodes(ctx: MutationCtx, batchId: Id<"stickerBatches">, remaining: number): Promise<void> {
  const now = Math.min(remaining, STICKER_CODES_PER_MUTATION);
  for (let made = 0; made < now; ) {
    const code = drawStickerCode();
    // 2^89 codes: a repeat means a broken random source, but a repeat must never be printed twice.
    const taken = await ctx.db.query("stickerCodes").withIndex("by_code", (q) => q.eq("code", code)).first();
    if (taken !== null) continue;
    await ctx.db.insert("stickerCodes", { code, batchId });
    made += 1;
  }
  if (remaining > now) await ctx.scheduler.runAfter(0, internal.stickers.makeMoreCodes, { batchId, remaining: remaining - now });
}

export const createBatch = workspaceMutation({
  ...STICKERS,
  can: "edit",
  args: { count: v.number() },
  returns: v.id("stickerBatches"),
  handler: async (ctx, { count }) => {
    assertBatchCount(count);
    await enforceBatchLimit(ctx, ctx.user._id);
    const batchId = await ctx.db.insert("stickerBatches", { workspaceId: ctx.workspace._id, createdBy: ctx.user._id, createdAt: Date.now(), count, claimed: 0 });
    await makeCodes(ctx, batchId, count);
    return batchId;
  },
});

export const makeMoreCodes = internalMutation({
  args: { batchId: v.id("stickerBatches"), remaining: v.number() },
  returns: v.null(),
  handler: async (ctx, { batchId, remaining }) => {
    await makeCodes(ctx, batchId, remaining);
    return null;
  },
});

/** The workspace's batches, newest first; an admin sees every batch with its creator. */
export const batches = workspaceQuery({
  ...STICKERS,
  args: {},
  returns: v.array(stickerBatchValidator),
  handler: async (ctx) => {
    const rows = isAdmin(ctx.user)
      ? await ctx.db.query("stickerBatches").withIndex("by_createdAt").order("desc").take(STICKER_BATCH_LIST_MAX)
      : await ctx.db
          .query("stickerBatches")
          .withIndex("by_workspaceId_and_createdAt", (q) => q.eq("workspaceId", ctx.workspace._id))
          .order("desc")
          .take(STICKER_BATCH_LIST_MAX);
    return await Promise.all(
      rows.map(async (batch) => {
        const creator = batch.createdBy === ctx.user._id ? null : await ctx.db.get("users", batch.createdBy);
        return {
          _id: batch._id,
          createdAt: batch.createdAt,
          count: batch.count,
          claimed: batch.claimed,
          creator: creator === null ? null : (creator.email ?? creator.fullName ?? "Unknown"),
        };
      }),
    );
  },
});

/** A batch's codes for its label sheet, with which are claimed; null outside its workspace (admins aside). */
export const batchCodes = workspaceQuery({
  ...STICKERS,
  args: { batchId: v.string() },
  returns: v.union(v.null(), v.object({ count: v.number(), codes: v.array(v.object({ code: v.string(), claimed: v.boolean() })) })),
  handler: async (ctx, args) => {
    const batch = await visibleBatch(ctx, ctx.workspace._id, ctx.user, args.batchId);
    if (batch === null) return null;
    const codes = await ctx.db
      .query("stickerCodes")
      .withIndex("by_batchId", (q) => q.eq("batchId", batch._id))
      .take(STICKER_BATCH_MAX);
    return { count: batch.count, codes: codes.map((c) => ({ code: c.code, claimed: c.claimedBy !== undefined })) };
  },
});

/**
 * /verify/{code} when no asset has the code: is it a sticker waiting to be claimed? Each check
 * spends one of the caller's guesses (a mutation, so the count sticks), so codes cannot be
 * enumerated; a claimed or unknown code answers the same "unknown".
 */
export const check = publicMutation({
  args: { code: v.string(), visitorId: v.optional(v.string()) },
  returns: v.union(v.literal("unclaimed"), v.literal("unknown"), v.literal("rateLimited")),
  handler: async (ctx, args) => {
    if (!isStickerCode(args.code)) return "unknown" as const;
    const who: Guesser = ctx.user !== null ? { userId: ctx.user._id } : { visitorId: cleanVisitorId(args.visitorId) ?? "anonymous" };
    if (!(await takeStickerGuess(ctx, who))) return "rateLimited" as const;
    return (await unclaimedCode(ctx, args.code)) === null ? ("unknown" as const) : ("unclaimed" as const);
  },
});

/**
 * Tags an item with a sticker's code as its serial. The code is bound in the same transaction
 * as the asset, so of two people claiming one code at once exactly one succeeds. A code that
 * is not claimable is answered, not thrown, so the guess it spent stays spent.
 */
export const claim = workspaceMutation({
  can: "edit",
  args: { code: v.string(), ...tagArgs, ...requestKeyArgs },
  returns: claimResultValidator,
  handler: async (ctx, { code: rawCode, files, workspaceId: _workspaceId, requestKey, ...rest }) => {
    // The same claim sent twice (lib/assets/tagRequests.ts): the first one's asset, nothing claimed again.
    const scope = { workspaceId: ctx.workspace._id, key: requestKey };
    const earlier = await earlierTag(ctx, scope);
    if (earlier !== null) return { ok: true as const, ...earlier };
    const input = assertAsset(rest);
    assertKindAllowed(ctx.workspace, input.kind);
    if (!(await takeStickerGuess(ctx, { userId: ctx.user._id }))) return { ok: false as const, reason: "rateLimited" as const };
    const code = await unclaimedCode(ctx, rawCode);
    if (code === null) return { ok: false as const, reason: "notClaimable" as const };
    const tagged = await tagAsset(ctx, { workspaceId: ctx.workspace._id, actorId: ctx.user._id }, input, files, code.code);
    await ctx.db.patch("stickerCodes", code._id, { claimedBy: ctx.user._id, claimedAt: Date.now(), assetId: tagged.assetId });
    const batch = await ctx.db.get("stickerBatches", code.batchId);
    if (batch !== null) await ctx.db.patch("stickerBatches", batch._id, { claimed: batch.claimed + 1 });
    await rememberTag(ctx, scope, tagged);
    return { ok: true as const, ...tagged };
  },
});
