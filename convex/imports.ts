// The CSV import as a job. The browser checks the file and shows duplicates and
// the price; `start` checks it all again on the server, stores the planned batches
// as a file, then charges the price, opens the job and queues its runner on the
// workpool in one transaction (so a charge never exists without its job). The
// runner, a retried action, applies the batches one after another, each by an
// idempotent mutation; the screen follows `current` live. A runner that fails after
// its retries, or the user's cancel, rolls the job back a batch at a time and
// refunds exactly what was undone, through the ledger.
import { v, type Infer } from "convex/values";
import { internal } from "./_generated/api";
import type { Doc, Id } from "./_generated/dataModel";
import type { MutationCtx } from "./_generated/server";
import { internalAction, internalQuery } from "./_generated/server";
import { inWorkspace, workspaceAction, workspaceMutation, workspaceQuery } from "./lib/access";
import { assetDetailsValidator, visibilityValidator } from "./lib/assets/tables";
import type { Tagger } from "./lib/assets/tagging";
import { createBusinessAsset, deleteImportedAsset, heldBySku, restoreBusinessAsset, stillImportersOwn, updateBusinessAsset } from "./lib/csv/assets";
import { customValuesValidator } from "./lib/customFields/tables";
import { CUSTOM_FIELD_LIMITS } from "./lib/customFields/rules";
import { checkCsv, CSV_MESSAGES, formatBytes, IMPORT_FIELDS, MAX_CSV_BYTES, type Mapping } from "./lib/csv/import";
import { DEFAULT_CURRENCY } from "./lib/money/currency";
import { planImport, type PlanEntry } from "./lib/csv/plan";
import { IMPORT_BATCH, IMPORT_TEXT, importPool, MAX_BATCHES } from "./lib/csv/pool";
import { importCost } from "./lib/csv/pricing";
import { importStatusValidator, onDuplicateValidator, type ImportStatus } from "./lib/csv/tables";
import { reserveSerial } from "./lib/assets/serial";
import { appError } from "./lib/errors";
import { charge, earn } from "./lib/ledger";
import { toOneLine } from "./lib/oneLine";
import { internalMutation } from "./lib/writes";
import { vOnCompleteArgs } from "@convex-dev/workpool";

const MAX_FILE_NAME = 200;
/** Items a rollback step undoes in one mutation (the next step is scheduled). */
export const ROLLBACK_SLICE = 250;
const MAX_SKUS_PER_CALL = 1_000;
const MAX_SKU_LENGTH = 64;

const inputValidator = v.object({
  kind: v.literal("business"),
  name: v.string(),
  description: v.optional(v.string()),
  category: v.optional(v.string()),
  visibility: visibilityValidator,
  details: assetDetailsValidator,
  custom: v.optional(customValuesValidator),
});
const entryValidator = v.union(
  v.object({ op: v.literal("create"), input: inputValidator }),
  v.object({ op: v.literal("update"), assetId: v.id("assets"), input: inputValidator }),
);
type Entry = Infer<typeof entryValidator>;
// The file's columns chosen for custom fields, by field name (names may be any text: not object keys).
const customMappingValidator = v.array(v.object({ label: v.string(), column: v.number() }));
const mappingValidator = v.object(Object.fromEntries(IMPORT_FIELDS.map((f) => [f, v.optional(v.number())])) as Record<(typeof IMPORT_FIELDS)[number], ReturnType<typeof v.optional<ReturnType<typeof v.number>>>>);

/** Imports run in a business workspace, by its editors; the workspace's wallet pays. */
const IMPORTING = { can: "edit", kinds: ["business"] } as const;

/** Which of these SKUs the workspace already holds (the preview's duplicate check, in chunks). */
export const heldSkus = workspaceQuery({
  ...IMPORTING,
  args: { skus: v.array(v.string()) },
  returns: v.array(v.string()),
  handler: async (ctx, { skus }) => {
    if (skus.length > MAX_SKUS_PER_CALL) throw appError("INVALID", `Check at most ${MAX_SKUS_PER_CALL} SKUs at a time`);
    if (skus.some((s) => s.length > MAX_SKU_LENGTH)) throw appError("INVALID", `A SKU is at most ${MAX_SKU_LENGTH} characters`);
    return (await heldBySku(ctx, ctx.workspace._id, skus)).map((h) => h.sku);
  },
});

export const heldAssets = internalQuery({
  args: { workspaceId: v.id("workspaces"), skus: v.array(v.string()) },
  returns: v.array(v.object({ sku: v.string(), assetId: v.id("assets") })),
  handler: async (ctx, { workspaceId, skus }) => await heldBySku(ctx, workspaceId, skus),
});

/** Who an import writes as: its workspace, and the member who started it. */
function importerOf(job: Doc<"importJobs">): Tagger {
  return { workspaceId: job.workspaceId!, actorId: job.startedBy! };
}

const jobValidator = v.object({
  _id: v.id("importJobs"),
  status: importStatusValidator,
  fileName: v.string(),
  total: v.number(),
  done: v.number(),
  creates: v.number(),
  updates: v.number(),
  skipped: v.number(),
  cost: v.number(),
  kept: v.union(v.number(), v.null()),
  refunded: v.union(v.number(), v.null()),
  error: v.union(v.string(), v.null()),
  createdAt: v.number(),
  finishedAt: v.union(v.number(), v.null()),
});

/** The workspace's latest import with its live progress (rows written so far), which the screen subscribes to. */
export const current = workspaceQuery({
  kinds: ["business"],
  absent: null,
  args: {},
  returns: v.union(v.null(), jobValidator),
  handler: async (ctx) => {
    const job = await ctx.db
      .query("importJobs")
      .withIndex("by_workspaceId_and_createdAt", (q) => q.eq("workspaceId", ctx.workspace._id))
      .order("desc")
      .first();
    if (job === null) return null;
    const batches = await ctx.db.query("importBatches").withIndex("by_jobId_and_index", (q) => q.eq("jobId", job._id)).take(MAX_BATCHES);
    const applied = batches.reduce((sum, b) => sum + b.applied, 0);
    return {
      _id: job._id,
      status: job.status,
      fileName: job.fileName,
      total: job.total,
      done: job.status === "done" ? job.total : applied,
      creates: job.creates,
      updates: job.updates,
      skipped: job.skipped,
      cost: job.cost,
      kept: job.kept ?? null,
      refunded: job.refunded ?? null,
      error: job.error ?? null,
      createdAt: job.createdAt,
      finishedAt: job.finishedAt ?? null,
    };
  },
});

/** Checks the file again, prices it, and hands it to `begin`; returns the job. */
export const start = workspaceAction({
  ...IMPORTING,
  args: {
    fileName: v.string(),
    csv: v.string(),
    mapping: mappingValidator,
    customMapping: v.optional(customMappingValidator),
    onDuplicate: onDuplicateValidator,
    expectedCost: v.number(),
  },
  returns: v.object({ jobId: v.id("importJobs"), cost: v.number(), total: v.number(), leftOut: v.number() }),
  handler: async (ctx, args): Promise<{ jobId: Id<"importJobs">; cost: number; total: number; leftOut: number }> => {
    if (args.csv.length > MAX_CSV_BYTES) throw appError("INVALID", CSV_MESSAGES.tooLarge(formatBytes(args.csv.length)));
    const fileName = toOneLine(args.fileName).trim().slice(0, MAX_FILE_NAME) || "import.csv";
    const customMapping = args.customMapping ?? [];
    if (customMapping.length > CUSTOM_FIELD_LIMITS.perWorkspace) throw appError("INVALID", CSV_MESSAGES.badColumn);
    const defs = customMapping.length === 0 ? [] : await ctx.runQuery(internal.customFields.importDefinitions, { workspaceId: ctx.workspace._id });
    const check = checkCsv(args.csv, args.mapping as Mapping, { currency: ctx.workspace.currency ?? DEFAULT_CURRENCY, custom: { defs, mapping: Object.fromEntries(customMapping.map((m) => [m.label, m.column])) } });
    if (check.fileError !== null) throw appError("INVALID", check.fileError);
    // Bad rows are left out (the preview listed them and offers them as a CSV to fix).
    if (check.rows.length === 0) throw appError("INVALID", check.errors.length > 0 ? CSV_MESSAGES.noValidRows : CSV_MESSAGES.empty);
    const skus = [...new Set(check.rows.map((r) => (r.input.details.kind === "business" ? r.input.details.sku : "")))];
    const held = new Map<string, Id<"assets">>();
    // The chunks are looked up at once: a backend runs the queries side by side.
    const chunks = Array.from({ length: Math.ceil(skus.length / MAX_SKUS_PER_CALL) }, (_, i) => skus.slice(i * MAX_SKUS_PER_CALL, (i + 1) * MAX_SKUS_PER_CALL));
    for (const found of await Promise.all(chunks.map((chunk) => ctx.runQuery(internal.imports.heldAssets, { workspaceId: ctx.workspace._id, skus: chunk })))) {
      for (const h of found) held.set(h.sku, h.assetId);
    }
    const plan = planImport(check.rows, held, args.onDuplicate);
    const cost = importCost(plan.creates);
    // The user confirmed a price; a file or inventory that changed since must not be charged differently.
    if (cost !== args.expectedCost) throw appError("INVALID", IMPORT_TEXT.costChanged(cost, args.expectedCost));
    if (plan.entries.length === 0) throw appError("INVALID", IMPORT_TEXT.nothingToImport);
    const batches: Entry[][] = [];
    for (let i = 0; i < plan.entries.length; i += IMPORT_BATCH) batches.push(plan.entries.slice(i, i + IMPORT_BATCH) as Entry[]);
    // The rows go to the runner as a file: through the mutation, they were megabytes of
    // arguments and documents to check and write before the job could start.
    const planFile = await ctx.storage.store(new Blob([JSON.stringify(batches)], { type: "application/json" }));
    let jobId: Id<"importJobs">;
    try {
      jobId = await ctx.runMutation(internal.imports.begin, {
        workspaceId: ctx.workspace._id,
        startedBy: ctx.user._id,
        fileName,
        onDuplicate: args.onDuplicate,
        total: plan.entries.length,
        creates: plan.creates,
        updates: plan.updates,
        skipped: plan.skipped,
        cost,
        batches: batches.length,
        plan: planFile,
      });
    } catch (e) {
      await ctx.storage.delete(planFile);
      throw e;
    }
    return { jobId, cost, total: plan.entries.length, leftOut: check.errors.length };
  },
});

/** Charges the price, opens the job and queues its runner, all or nothing. */
export const begin = internalMutation({
  args: {
    workspaceId: v.id("workspaces"),
    startedBy: v.id("users"),
    fileName: v.string(),
    onDuplicate: onDuplicateValidator,
    total: v.number(),
    creates: v.number(),
    updates: v.number(),
    skipped: v.number(),
    cost: v.number(),
    batches: v.number(),
    plan: v.id("_storage"),
  },
  returns: v.id("importJobs"),
  handler: async (ctx, args) => {
    const latest = await ctx.db
      .query("importJobs")
      .withIndex("by_workspaceId_and_createdAt", (q) => q.eq("workspaceId", args.workspaceId))
      .order("desc")
      .first();
    if (latest !== null && (latest.status === "running" || latest.status === "rolling_back")) throw appError("INVALID", IMPORT_TEXT.alreadyRunning);
    const paidBy =
      args.cost > 0
        ? await charge(ctx, args.workspaceId, args.startedBy, { amount: args.cost, source: "tagging", description: `CSV import: ${args.creates} new business item${args.creates === 1 ? "" : "s"}` })
        : undefined;
    const jobId = await ctx.db.insert("importJobs", {
      workspaceId: args.workspaceId,
      startedBy: args.startedBy,
      paidBy,
      status: "running",
      fileName: args.fileName,
      onDuplicate: args.onDuplicate,
      total: args.total,
      creates: args.creates,
      updates: args.updates,
      skipped: args.skipped,
      cost: args.cost,
      batches: args.batches,
      plan: args.plan,
      workIds: [],
      createdAt: Date.now(),
    });
    const workId = await importPool.enqueueAction(ctx, internal.imports.runImport, { jobId }, { onComplete: internal.imports.batchDone, context: { jobId } });
    await ctx.db.patch("importJobs", jobId, { workIds: [workId] });
    return jobId;
  },
});

/** What the runner needs of a running job: its plan and the batches already applied (null once it stopped). */
export const runnerState = internalQuery({
  args: { jobId: v.id("importJobs") },
  returns: v.union(v.null(), v.object({ plan: v.id("_storage"), applied: v.array(v.number()) })),
  handler: async (ctx, { jobId }) => {
    const job = await ctx.db.get("importJobs", jobId);
    if (job === null || job.status !== "running" || job.plan === undefined) return null;
    const applied = await ctx.db.query("importBatches").withIndex("by_jobId_and_index", (q) => q.eq("jobId", jobId)).take(MAX_BATCHES);
    return { plan: job.plan, applied: applied.map((b) => b.index) };
  },
});

/**
 * The job's runner (run and retried by the workpool): applies the batches of its plan in order,
 * each as soon as the one before it committed (a batch per workpool job waited for the pool's
 * loop between batches), and meanwhile reserves the next batch's serials, which conflicts with
 * nothing the batch writes. A retry goes on from the first batch not applied. It stops when the
 * job does (a cancel).
 */
export const runImport = internalAction({
  args: { jobId: v.id("importJobs") },
  returns: v.null(),
  handler: async (ctx, { jobId }) => {
    const state = await ctx.runQuery(internal.imports.runnerState, { jobId });
    const file = state === null ? null : await ctx.storage.get(state.plan);
    if (state === null || file === null) return null;
    const applied = new Set(state.applied);
    const batches = (JSON.parse(await file.text()) as Entry[][]).map((entries, index) => ({ entries, index })).filter((b) => !applied.has(b.index));
    const reserve = (entries: Entry[] | undefined) =>
      entries === undefined ? Promise.resolve([]) : ctx.runMutation(internal.imports.reserveSerials, { jobId, count: entries.filter((e) => e.op === "create").length });
    let serials = await reserve(batches[0]?.entries);
    for (const [i, { entries, index }] of batches.entries()) {
      const [running, next] = await Promise.all([ctx.runMutation(internal.imports.applyBatch, { jobId, index, entries, serials }), reserve(batches[i + 1]?.entries)]);
      if (!running) break;
      serials = next;
    }
    return null;
  },
});

/**
 * One batch as the code before the runner queued it (a workpool job per batch, its entries in
 * the arguments). Kept so that an import under way when this code was deployed still finishes:
 * its queued jobs call this by name.
 */
export const runBatch = internalAction({
  args: { jobId: v.id("importJobs"), index: v.number(), entries: v.array(entryValidator) },
  returns: v.null(),
  handler: async (ctx, args) => {
    await ctx.runMutation(internal.imports.applyBatch, args);
    return null;
  },
});

/** Draws and reserves `count` serials for a batch's new items, while the job runs. */
export const reserveSerials = internalMutation({
  args: { jobId: v.id("importJobs"), count: v.number() },
  returns: v.array(v.string()),
  handler: async (ctx, { jobId, count }) => {
    const job = await ctx.db.get("importJobs", jobId);
    if (job === null || job.status !== "running") return [];
    const serials: string[] = [];
    for (let i = 0; i < Math.min(count, IMPORT_BATCH); i++) serials.push(await reserveSerial(ctx));
    return serials;
  },
});

/**
 * Writes one batch unless the job stopped or this batch was already applied (a retry after a
 * lost reply); its new items take `serials` (reserved for them), or draw their own. False once
 * the job has stopped.
 */
export const applyBatch = internalMutation({
  args: { jobId: v.id("importJobs"), index: v.number(), entries: v.array(entryValidator), serials: v.optional(v.array(v.string())) },
  returns: v.boolean(),
  handler: async (ctx, { jobId, index, entries, serials = [] }) => {
    const job = await ctx.db.get("importJobs", jobId);
    if (job === null || job.status !== "running") return false;
    const applied = await ctx.db.query("importBatches").withIndex("by_jobId_and_index", (q) => q.eq("jobId", jobId).eq("index", index)).first();
    if (applied !== null) return true;
    const now = Date.now();
    const created: Id<"assets">[] = [];
    const updated: { assetId: Id<"assets">; before: NonNullable<Awaited<ReturnType<typeof updateBusinessAsset>>> }[] = [];
    for (const entry of entries as PlanEntry<Id<"assets">>[]) {
      if (entry.op === "create") created.push(await createBusinessAsset(ctx, importerOf(job), entry.input, now, serials[created.length]));
      else {
        const before = await updateBusinessAsset(ctx, importerOf(job), entry.assetId, entry.input, now);
        if (before !== null) updated.push({ assetId: entry.assetId, before });
      }
    }
    await ctx.db.insert("importUndo", { jobId, index, created, updated });
    await ctx.db.insert("importBatches", { jobId, index, applied: entries.length });
    return true;
  },
});

/** The workpool's report on the runner: the job is done once its last batch is applied; a failure rolls it back. */
export const batchDone = internalMutation({
  args: vOnCompleteArgs(v.object({ jobId: v.id("importJobs") })),
  returns: v.null(),
  handler: async (ctx, { context: { jobId }, result }) => {
    const job = await ctx.db.get("importJobs", jobId);
    if (job === null || job.status !== "running") return null;
    if (result.kind === "failed") {
      await stopJob(ctx, jobId, "failed");
      return null;
    }
    if (result.kind !== "success") return null;
    const applied = await ctx.db.query("importBatches").withIndex("by_jobId_and_index", (q) => q.eq("jobId", jobId)).take(MAX_BATCHES);
    if (applied.length < job.batches) return null;
    await ctx.db.patch("importJobs", jobId, { status: "done", kept: job.creates, refunded: 0, finishedAt: Date.now(), plan: undefined });
    if (job.plan !== undefined) await ctx.storage.delete(job.plan);
    // What a rollback would need is no longer needed.
    await ctx.scheduler.runAfter(0, internal.imports.purgeUndo, { jobId });
    return null;
  },
});

/** Stops the job (a runner still going sees the status and applies nothing more), drops its plan and starts the rollback. */
async function stopJob(ctx: MutationCtx, jobId: Id<"importJobs">, outcome: "failed" | "cancelled") {
  const job = (await ctx.db.get("importJobs", jobId))!;
  await ctx.db.patch("importJobs", jobId, { status: "rolling_back", error: outcome === "failed" ? IMPORT_TEXT.failed : IMPORT_TEXT.cancelled, kept: 0, plan: undefined });
  if (job.plan !== undefined) await ctx.storage.delete(job.plan);
  for (const workId of job.workIds) await importPool.cancel(ctx, workId as Parameters<typeof importPool.cancel>[1]);
  await ctx.scheduler.runAfter(0, internal.imports.rollback, { jobId, outcome });
}

/** The user stops a running import: everything it wrote is undone and refunded. */
export const cancel = workspaceMutation({
  ...IMPORTING,
  args: { jobId: v.id("importJobs") },
  returns: v.null(),
  handler: async (ctx, { jobId }) => {
    const job = inWorkspace(await ctx.db.get("importJobs", jobId), ctx.workspace._id, "Import not found");
    if (job.status !== "running") throw appError("INVALID", IMPORT_TEXT.notRunning);
    await stopJob(ctx, jobId, "cancelled");
    return null;
  },
});

/**
 * Undoes one applied batch per call (deletes what it created, restores what it updated) and
 * calls itself again; the call that finds nothing left refunds what was undone: the price of
 * the file less the price of the items kept (those that changed hands meanwhile).
 */
export const rollback = internalMutation({
  args: { jobId: v.id("importJobs"), outcome: v.union(v.literal("failed"), v.literal("cancelled")) },
  returns: v.null(),
  handler: async (ctx, { jobId, outcome }) => {
    const job = await ctx.db.get("importJobs", jobId);
    if (job === null || job.status !== "rolling_back") return null;
    const undo = await ctx.db.query("importUndo").withIndex("by_jobId", (q) => q.eq("jobId", jobId)).first();
    if (undo !== null) {
      // A slice per call: undoing an item takes about six reads, and a mutation may make 4,096.
      let kept = job.kept ?? 0;
      for (const assetId of undo.created.slice(0, ROLLBACK_SLICE)) {
        if (await stillImportersOwn(ctx, assetId, importerOf(job).workspaceId)) await deleteImportedAsset(ctx, assetId);
        else kept += 1;
      }
      const restoring = undo.created.length >= ROLLBACK_SLICE ? [] : undo.updated.slice(0, ROLLBACK_SLICE - undo.created.length);
      for (const u of restoring) await restoreBusinessAsset(ctx, importerOf(job), u.assetId, u.before);
      const created = undo.created.slice(ROLLBACK_SLICE);
      const updated = undo.updated.slice(restoring.length);
      if (created.length > 0 || updated.length > 0) {
        await ctx.db.patch("importUndo", undo._id, { created, updated });
      } else {
        await ctx.db.delete("importUndo", undo._id);
        const batch = await ctx.db.query("importBatches").withIndex("by_jobId_and_index", (q) => q.eq("jobId", jobId).eq("index", undo.index)).first();
        if (batch !== null) await ctx.db.delete("importBatches", batch._id);
      }
      await ctx.db.patch("importJobs", jobId, { kept });
      await ctx.scheduler.runAfter(0, internal.imports.rollback, { jobId, outcome });
      return null;
    }
    const kept = job.kept ?? 0;
    const refund = job.cost - importCost(kept);
    if (refund > 0) {
      const { actorId } = importerOf(job);
      await earn(ctx, { ...(job.paidBy ?? { userId: actorId }), actorId, amount: refund, source: "refund", description: `Refund: CSV import ${outcome === "failed" ? "failed" : "cancelled"} and undone` });
    }
    const status: ImportStatus = outcome;
    const message = outcome === "failed" ? IMPORT_TEXT.failed : IMPORT_TEXT.cancelled;
    await ctx.db.patch("importJobs", jobId, {
      status,
      refunded: refund,
      error: kept > 0 ? `${message} ${IMPORT_TEXT.keptBecauseMoved(kept)}` : message,
      finishedAt: Date.now(),
    });
    return null;
  },
});

export const purgeUndo = internalMutation({
  args: { jobId: v.id("importJobs") },
  returns: v.null(),
  handler: async (ctx, { jobId }) => {
    const rows = await ctx.db.query("importUndo").withIndex("by_jobId", (q) => q.eq("jobId", jobId)).take(4);
    for (const row of rows) await ctx.db.delete("importUndo", row._id);
    if (rows.length === 4) await ctx.scheduler.runAfter(0, internal.imports.purgeUndo, { jobId });
    return null;
  },
});
