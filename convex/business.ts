// Business inventory: totals by location and category, search,
// CSV export, and an all-or-nothing CSV import. The import checks every row first,
// charges the whole tagging cost in its first mutation, creates assets in batches
// (one file of 10,000 rows exceeds one mutation's write limit), and on a failure
// deletes what it created and refunds the charge (ledger source "refund").
import { v } from "convex/values";
import { internal } from "./_generated/api";
import type { Id } from "./_generated/dataModel";
import { type MutationCtx } from "./_generated/server";
import { internalMutation } from "./lib/writes";
import { businessAction, businessQuery } from "./lib/access";
import { assetDetailsValidator, assetKindValidator, visibilityValidator } from "./lib/assets/tables";
import { TAGGING_COST } from "./lib/constants";
import { createBusinessAsset, deleteImportedAsset, inventoryItemFields, itemOf } from "./lib/csv/assets";
import { checkCsv, CSV_MESSAGES, IMPORT_BATCH, IMPORT_STALE_MS, MAX_CSV_BYTES, MAX_LISTED_ERRORS, formatBytes } from "./lib/csv/import";
import { appError } from "./lib/errors";
import { importStatusValidator } from "./lib/legacy/tables";
import { earn, spend } from "./lib/ledger";

const EXPORT_PAGE = 1000;

const itemValidator = v.object(inventoryItemFields);

/** Export in pages (a result array holds at most 8,192 values); the client joins and writes the CSV. */
export const exportPage = businessQuery({
  args: { cursor: v.union(v.string(), v.null()) },
  returns: v.object({ items: v.array(itemValidator), continueCursor: v.string(), isDone: v.boolean() }),
  handler: async (ctx, { cursor }) => {
    const page = await ctx.db
      .query("assets")
      .withIndex("by_ownerId_and_kind_and_taggedAt", (q) => q.eq("ownerId", ctx.user._id).eq("kind", "business"))
      .order("desc")
      .paginate({ cursor, numItems: EXPORT_PAGE });
    return { items: page.page.map(itemOf), continueCursor: page.continueCursor, isDone: page.isDone };
  },
});

const jobValidator = v.object({
  _id: v.id("importJobs"),
  status: importStatusValidator,
  total: v.number(),
  done: v.number(),
  cost: v.number(),
  error: v.union(v.string(), v.null()),
  createdAt: v.number(),
  finishedAt: v.union(v.number(), v.null()),
});

/** The latest import, live: the progress bar reads it while the action runs. */
export const currentImport = businessQuery({
  args: {},
  returns: v.union(v.null(), jobValidator),
  handler: async (ctx) => {
    const job = await ctx.db
      .query("importJobs")
      .withIndex("by_ownerId_and_createdAt", (q) => q.eq("ownerId", ctx.user._id))
      .order("desc")
      .first();
    if (job === null) return null;
    return { _id: job._id, status: job.status, total: job.total, done: job.done, cost: job.cost, error: job.error ?? null, createdAt: job.createdAt, finishedAt: job.finishedAt ?? null };
  },
});

export const importCsv = businessAction({
  args: { csv: v.string(), expectedCost: v.number() },
  returns: v.object({ imported: v.number(), charged: v.number() }),
  handler: async (ctx, { csv, expectedCost }): Promise<{ imported: number; charged: number }> => {
    if (csv.length > MAX_CSV_BYTES) throw appError("INVALID", CSV_MESSAGES.tooLarge(formatBytes(csv.length)));
    const check = checkCsv(csv);
    if (check.headerError !== null) throw appError("INVALID", check.headerError);
    if (check.errors.length > 0) {
      const first = check.errors.slice(0, 3).map((e) => `line ${e.line}: ${e.messages.join("; ")}`).join(" | ");
      throw appError("INVALID", `${CSV_MESSAGES.badRows(Math.min(check.errors.length, MAX_LISTED_ERRORS))} ${first}`);
    }
    const cost = check.rows.length * TAGGING_COST;
    // The user confirmed a total; a different file must not be charged differently.
    if (cost !== expectedCost) throw appError("INVALID", `This import costs ${cost} TMT, not ${expectedCost} TMT. Please review it again.`);
    const jobId: Id<"importJobs"> = await ctx.runMutation(internal.business.beginImport, { userId: ctx.user._id, total: check.rows.length, cost });
    try {
      for (let i = 0; i < check.rows.length; i += IMPORT_BATCH) {
        await ctx.runMutation(internal.business.importBatch, { jobId, rows: check.rows.slice(i, i + IMPORT_BATCH) });
      }
    } catch (error) {
      let more = true;
      while (more) more = await ctx.runMutation(internal.business.rollbackImport, { jobId, error: "The import failed and was undone; your tokens were refunded." });
      throw error;
    }
    await ctx.runMutation(internal.business.finishImport, { jobId });
    return { imported: check.rows.length, charged: cost };
  },
});

/** Charges the whole file and opens the job; 'Insufficient tokens' leaves nothing behind. */
export const beginImport = internalMutation({
  args: { userId: v.id("users"), total: v.number(), cost: v.number() },
  returns: v.id("importJobs"),
  handler: async (ctx, { userId, total, cost }) => {
    await spend(ctx, { userId, amount: cost, source: "tagging", description: `CSV import: ${total} business item${total === 1 ? "" : "s"} at ${TAGGING_COST} TMT each` });
    const jobId = await ctx.db.insert("importJobs", { ownerId: userId, status: "running", total, done: 0, cost, createdAt: Date.now() });
    // If the action dies without finishing or rolling back, nothing else would return the charge.
    await ctx.scheduler.runAfter(IMPORT_STALE_MS, internal.business.sweepStaleImport, { jobId });
    return jobId;
  },
});

export const importBatch = internalMutation({
  args: {
    jobId: v.id("importJobs"),
    rows: v.array(v.object({ kind: assetKindValidator, name: v.string(), description: v.optional(v.string()), category: v.optional(v.string()), visibility: visibilityValidator, details: assetDetailsValidator })),
  },
  returns: v.null(),
  handler: async (ctx, { jobId, rows }) => {
    const job = await ctx.db.get("importJobs", jobId);
    if (job === null || job.status !== "running") throw new Error("Import job is not running");
    const now = Date.now();
    for (const row of rows) {
      const assetId = await createBusinessAsset(ctx, job.ownerId, row, now);
      await ctx.db.insert("importItems", { jobId, assetId });
    }
    await ctx.db.patch("importJobs", jobId, { done: job.done + rows.length });
    return null;
  },
});

export const finishImport = internalMutation({
  args: { jobId: v.id("importJobs") },
  returns: v.null(),
  handler: async (ctx, { jobId }) => {
    await ctx.db.patch("importJobs", jobId, { status: "done", finishedAt: Date.now() });
    // The per-job item list only serves a rollback.
    await ctx.scheduler.runAfter(0, internal.business.purgeImportItems, { jobId });
    return null;
  },
});

/** Undoes a failed import a batch at a time; the last call refunds. Returns whether more remain. */
export const rollbackImport = internalMutation({
  args: { jobId: v.id("importJobs"), error: v.string() },
  returns: v.boolean(),
  handler: async (ctx, { jobId, error }) => await rollbackBatch(ctx, jobId, error),
});

/** Scheduled by beginImport: a job still running this late lost its action; undo it and refund. */
export const sweepStaleImport = internalMutation({
  args: { jobId: v.id("importJobs") },
  returns: v.null(),
  handler: async (ctx, { jobId }) => {
    const more = await rollbackBatch(ctx, jobId, STALE_IMPORT_ERROR);
    if (more) await ctx.scheduler.runAfter(0, internal.business.sweepStaleImport, { jobId });
    return null;
  },
});

const STALE_IMPORT_ERROR = "The import stopped before it finished and was undone; your tokens were refunded.";

/**
 * Whether a rollback may remove this imported asset: only while the importer still owns
 * it and no transfer offer names it. An asset given away (or offered) meanwhile stays
 * with whoever has it, and is not refunded.
 */
async function stillImportersOwn(ctx: MutationCtx, assetId: Id<"assets">, ownerId: Id<"users">): Promise<boolean> {
  const asset = await ctx.db.get("assets", assetId);
  if (asset === null || asset.ownerId !== ownerId) return false;
  for (const status of ["pending", "accepted"] as const) {
    const offer = await ctx.db
      .query("transfers")
      .withIndex("by_assetId_and_status", (q) => q.eq("assetId", assetId).eq("status", status))
      .first();
    if (offer !== null) return false;
  }
  return true;
}

/**
 * One batch of a rollback; the call that finds nothing left refunds what was removed
 * (TAGGING_COST per asset undone) and marks the job failed.
 */
async function rollbackBatch(ctx: MutationCtx, jobId: Id<"importJobs">, error: string): Promise<boolean> {
  const job = await ctx.db.get("importJobs", jobId);
  if (job === null || job.status !== "running") return false;
  const items = await ctx.db.query("importItems").withIndex("by_jobId", (q) => q.eq("jobId", jobId)).take(IMPORT_BATCH);
  let undone = job.undone ?? 0;
  for (const item of items) {
    if (await stillImportersOwn(ctx, item.assetId, job.ownerId)) {
      await deleteImportedAsset(ctx, item.assetId);
      undone += 1;
    }
    await ctx.db.delete("importItems", item._id);
  }
  if (items.length === IMPORT_BATCH) {
    await ctx.db.patch("importJobs", jobId, { undone });
    return true;
  }
  // Rows never created were charged too (the whole file is charged up front).
  const neverCreated = Math.max(0, job.total - job.done);
  const refund = Math.min(job.cost, (undone + neverCreated) * TAGGING_COST);
  if (refund > 0) {
    await earn(ctx, { userId: job.ownerId, amount: refund, source: "refund", description: `Refund: CSV import undone (${undone + neverCreated} of ${job.total} items)` });
  }
  const kept = job.done - undone;
  await ctx.db.patch("importJobs", jobId, {
    status: "failed",
    done: kept,
    undone,
    error: kept > 0 ? `${error} ${kept} item${kept === 1 ? " was" : "s were"} kept because ${kept === 1 ? "it" : "they"} changed hands meanwhile.` : error,
    finishedAt: Date.now(),
  });
  return false;
}

export const purgeImportItems = internalMutation({
  args: { jobId: v.id("importJobs") },
  returns: v.null(),
  handler: async (ctx, { jobId }) => {
    const items = await ctx.db.query("importItems").withIndex("by_jobId", (q) => q.eq("jobId", jobId)).take(500);
    for (const item of items) await ctx.db.delete("importItems", item._id);
    if (items.length === 500) await ctx.scheduler.runAfter(0, internal.business.purgeImportItems, { jobId });
    return null;
  },
});
