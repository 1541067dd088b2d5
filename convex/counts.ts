// Backfill for the counts (lib/counts/aggregates.ts, lib/inventory/stockGroups.ts):
// documents written before their trigger existed are added, page by page, each page
// its own mutation that schedules the next. Idempotent: aggregates are filled with
// insertIfDoesNotExist, and the stock groups are rebuilt from zero at the start, so a
// second run ends with the same figures. Run it once per deployment:
//   npx convex run counts:backfill        (on a real deployment)
//   npm run backfill:counts               (the local backend's data; stop npm run dev first)
import { v } from "convex/values";
import { internal } from "./_generated/api";
import type { Doc, TableNames } from "./_generated/dataModel";
import { internalQuery, type MutationCtx } from "./_generated/server";
import {
  articlesByState,
  assetsByOwner,
  assetsByVisibility,
  bugReportsByStatus,
  businessRequestsByStatus,
  usersByEmail,
  verifications,
} from "./lib/counts/aggregates";
import { addToStock } from "./lib/inventory/stockGroups";
import { internalMutation } from "./lib/writes";

const PAGE = 200;

type Filler<T extends TableNames> = (ctx: MutationCtx, doc: Doc<T>) => Promise<unknown>;
// The tables in the order they are walked, each with what a document adds.
const STEPS = {
  assets: (async (ctx, a) => {
    await assetsByOwner.insertIfDoesNotExist(ctx, a);
    await assetsByVisibility.insertIfDoesNotExist(ctx, a);
    await addToStock(ctx, a);
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

/** Starts (or restarts) the backfill: clears the stock groups, then walks every counted table. */
export const backfill = internalMutation({
  args: {},
  returns: v.null(),
  handler: async (ctx) => {
    await ctx.scheduler.runAfter(0, internal.counts.clearStock, {});
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
