// Backfill for the counts (lib/counts/aggregates.ts, assetCounts.ts, lib/inventory/stockGroups.ts):
// documents written before their trigger existed are added, page by page, each page
// its own mutation that schedules the next. Idempotent: aggregates are filled with
// insertIfDoesNotExist, and the asset counters and stock groups are rebuilt from zero
// at the start, so a second run ends with the same figures. Writes made while it runs
// may be counted twice or not at all in the rebuilt figures, so run it on a quiet
// deployment, once (and again after a release that adds a count):
//   npx convex run counts:backfill        (on a real deployment)
//   npm run backfill:counts               (the local backend's data; stop npm run dev first)
import { v } from "convex/values";
import { internal } from "./_generated/api";
import type { Doc, TableNames } from "./_generated/dataModel";
import { internalQuery } from "./_generated/server";
import { ASSET_KINDS, ASSET_STATUSES } from "./lib/assets/tables";
import { ALL_ASSETS, assetCounter, assetCountKeys, legacyOwnedKey, ownedKey, PUBLIC_ASSETS } from "./lib/counts/assetCounts";
import type { FollowCtx } from "./lib/counts/triggers";
import {
  articlesByState,
  bugReportsByStatus,
  businessRequestsByStatus,
  usersByEmail,
  verifications,
} from "./lib/counts/aggregates";
import { addToStock } from "./lib/inventory/stockGroups";
import { internalMutation } from "./lib/writes";

const PAGE = 200;
// Each workspace's (and pre-workspace user's) 16 (kind, status) counters are reset one component call each.
const USERS_PAGE = 20;

type Filler<T extends TableNames> = (ctx: FollowCtx, doc: Doc<T>) => Promise<unknown>;
// The tables in the order they are walked, each with what a document adds. An asset's
// counts go to the mutation's tally, written once per page (lib/counts/tally.ts).
const STEPS = {
  assets: (async (ctx, a) => {
    for (const key of assetCountKeys(a)) ctx.counts.count(key, 1);
    addToStock(ctx.counts, a);
  }) as Filler<"assets">,
  users: ((ctx, u) => usersByEmail.insertIfDoesNotExist(ctx, u)) as Filler<"users">,
  verifyAlerts: ((ctx, a) => verifications.insertIfDoesNotExist(ctx, a)) as Filler<"verifyAlerts">,
  articles: ((ctx, a) => articlesByState.insertIfDoesNotExist(ctx, a)) as Filler<"articles">,
  bugReports: ((ctx, r) => bugReportsByStatus.insertIfDoesNotExist(ctx, r)) as Filler<"bugReports">,
  businessRequests: ((ctx, r) => businessRequestsByStatus.insertIfDoesNotExist(ctx, r)) as Filler<"businessRequests">,
};
type Step = keyof typeof STEPS;
const ORDER = Object.keys(STEPS) as Step[];
const stepValidator = v.union(...ORDER.map((s) => v.literal(s)));

/** Starts (or restarts) the backfill: clears the asset counters and the stock groups, then walks every counted table. */
export const backfill = internalMutation({
  args: {},
  returns: v.null(),
  handler: async (ctx) => {
    const counter = assetCounter();
    await counter.reset(ctx, ALL_ASSETS);
    await counter.reset(ctx, PUBLIC_ASSETS);
    await ctx.scheduler.runAfter(0, internal.counts.clearOwnerCounts, { cursor: null });
    return null;
  },
});

/**
 * Starts the backfill when assets exist but none is counted: data written before the asset
 * counters existed (run by the local backend on start and reload, and by `npm run deploy`).
 */
export const backfillIfBehind = internalMutation({
  args: {},
  returns: v.boolean(),
  handler: async (ctx) => {
    if ((await assetCounter().count(ctx, ALL_ASSETS)) > 0) return false;
    if ((await ctx.db.query("assets").first()) === null) return false;
    await ctx.scheduler.runAfter(0, internal.counts.backfill, {});
    return true;
  },
});

export const clearOwnerCounts = internalMutation({
  args: { cursor: v.union(v.string(), v.null()) },
  returns: v.null(),
  handler: async (ctx, { cursor }) => {
    const page = await ctx.db.query("users").paginate({ cursor, numItems: USERS_PAGE });
    const counter = assetCounter();
    for (const user of page.page) {
      for (const kind of ASSET_KINDS) for (const status of ASSET_STATUSES) await counter.reset(ctx, legacyOwnedKey(user._id, kind, status));
    }
    if (!page.isDone) await ctx.scheduler.runAfter(0, internal.counts.clearOwnerCounts, { cursor: page.continueCursor });
    else await ctx.scheduler.runAfter(0, internal.counts.clearWorkspaceCounts, { cursor: null });
    return null;
  },
});

export const clearWorkspaceCounts = internalMutation({
  args: { cursor: v.union(v.string(), v.null()) },
  returns: v.null(),
  handler: async (ctx, { cursor }) => {
    const page = await ctx.db.query("workspaces").paginate({ cursor, numItems: USERS_PAGE });
    const counter = assetCounter();
    for (const workspace of page.page) {
      for (const kind of ASSET_KINDS) for (const status of ASSET_STATUSES) await counter.reset(ctx, ownedKey(workspace._id, kind, status));
    }
    if (!page.isDone) await ctx.scheduler.runAfter(0, internal.counts.clearWorkspaceCounts, { cursor: page.continueCursor });
    else await ctx.scheduler.runAfter(0, internal.counts.clearStock, {});
    return null;
  },
});

export const clearStock = internalMutation({
  args: {},
  returns: v.null(),
  handler: async (ctx) => {
    const rows = await ctx.db.query("stockGroups").take(PAGE);
    for (const row of rows) await ctx.db.delete("stockGroups", row._id);
    if (rows.length === PAGE) await ctx.scheduler.runAfter(0, internal.counts.clearStock, {});
    else await ctx.scheduler.runAfter(0, internal.counts.fill, { step: ORDER[0], cursor: null });
    return null;
  },
});

export const fill = internalMutation({
  args: { step: stepValidator, cursor: v.union(v.string(), v.null()) },
  returns: v.null(),
  handler: async (ctx, { step, cursor }) => {
    const page = await ctx.db.query(step).paginate({ cursor, numItems: PAGE });
    const add = STEPS[step] as Filler<typeof step>;
    for (const doc of page.page) await add(ctx, doc as never);
    const next = ORDER[ORDER.indexOf(step) + 1];
    if (!page.isDone) await ctx.scheduler.runAfter(0, internal.counts.fill, { step, cursor: page.continueCursor });
    else if (next !== undefined) await ctx.scheduler.runAfter(0, internal.counts.fill, { step: next, cursor: null });
    return null;
  },
});

/** Whether a backfill step is still scheduled or running (scripts/backfill-counts.mjs waits on it). */
export const running = internalQuery({
  args: {},
  returns: v.boolean(),
  handler: async (ctx) => {
    const recent = await ctx.db.system.query("_scheduled_functions").order("desc").take(50);
    return recent.some((job) => job.name.includes("counts") && (job.state.kind === "pending" || job.state.kind === "inProgress"));
  },
});
