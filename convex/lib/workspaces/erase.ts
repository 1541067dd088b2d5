// Erasing a workspace's records, when its owners delete it (convex/workspaceClosing.ts) or
// when the account of its only member is erased (lib/privacy/erase.ts): one bounded batch of
// one table per step, the workspace row last. Every table that names a workspace is listed in
// WORKSPACE_RECORDS, erased here or kept for the reason given; tests/convex/privacy-coverage.test.ts
// reads the schema, so a new table naming a workspace fails there until it is listed.
import type { Doc, Id, TableNames } from "../../_generated/dataModel";
import type { MutationCtx } from "../../_generated/server";
import { internal } from "../../_generated/api";
import { deleteAsset } from "../assets/changes";
import { releaseFile } from "../assets/store";
import { cancelPendingTransfer, pendingTransfer } from "../assets/transfers";
import { removeItemRoom, removeListRooms } from "../presence/client";
import { ERASE_BATCH } from "../privacy/rules";
import { removeRows } from "../removeRows";
import { deleteReport } from "../reports/store";

type WorkspaceId = Id<"workspaces">;
type UserId = Id<"users">;
/** Deletes one batch of the table's rows in the workspace; how many it removed (0: none left). */
type Batch = (ctx: MutationCtx, workspaceId: WorkspaceId, actorId: UserId) => Promise<number>;
type Policy = { erase: Batch } | { with: TableNames; why: string } | { kept: string };

const take = ERASE_BATCH;


/** One step of erasing a custom field: a batch of its values, else the field. How many rows it removed. */
async function eraseFieldStep(ctx: MutationCtx, field: Doc<"customFields">): Promise<number> {
  const values = await ctx.db.query("customFieldValues").withIndex("by_fieldId_and_value", (q) => q.eq("fieldId", field._id)).take(take);
  if (values.length > 0) return await removeRows(ctx, "customFieldValues", values);
  await ctx.db.delete("customFields", field._id);
  return 1;
}

/** One step of erasing a CSV import: a batch of its batches and undo log, else the job. */
async function eraseJobStep(ctx: MutationCtx, job: Doc<"importJobs">): Promise<number> {
  const batches = await ctx.db.query("importBatches").withIndex("by_jobId_and_index", (q) => q.eq("jobId", job._id)).take(take);
  const undo = await ctx.db.query("importUndo").withIndex("by_jobId", (q) => q.eq("jobId", job._id)).take(take);
  const removed = (await removeRows(ctx, "importBatches", batches)) + (await removeRows(ctx, "importUndo", undo));
  if (removed > 0) return removed;
  if (job.plan !== undefined) await ctx.storage.delete(job.plan);
  await ctx.db.delete("importJobs", job._id);
  return 1;
}

/** One step of erasing an export or import: a batch of its item map, else of its places, else its files and row. */
async function erasePortStep(ctx: MutationCtx, port: Doc<"workspacePorts">): Promise<number> {
  const items = await ctx.db.query("workspacePortItems").withIndex("by_portId_and_from", (q) => q.eq("portId", port._id)).take(take);
  if (items.length > 0) return await removeRows(ctx, "workspacePortItems", items);
  const places = await ctx.db.query("workspacePortLocations").withIndex("by_portId_and_depth", (q) => q.eq("portId", port._id)).take(take);
  if (places.length > 0) return await removeRows(ctx, "workspacePortLocations", places);
  for (const part of port.parts) await ctx.storage.delete(part);
  // Files a step stored that nothing took yet (an import stopped mid-way).
  for (const file of port.held ?? []) await ctx.storage.delete(file.storageId);
  await ctx.db.delete("workspacePorts", port._id);
  return 1;
}

export const WORKSPACE_RECORDS = {
  // Items first (their files released, their history purged by assets.purgeRecords).
  assets: {
    erase: async (ctx, workspaceId, actorId) => {
      const rows = await ctx.db.query("assets").withIndex("by_workspaceId_and_taggedAt", (q) => q.eq("workspaceId", workspaceId)).take(take / 4);
      for (const asset of rows) {
        await deleteAsset(ctx, asset, actorId);
        await removeItemRoom(ctx, workspaceId, asset._id);
      }
      return rows.length;
    },
  },
  tagRequests: {
    erase: async (ctx, id) => removeRows(ctx, "tagRequests", await ctx.db.query("tagRequests").withIndex("by_workspaceId_and_key", (q) => q.eq("workspaceId", id)).take(take)),
  },
  stockGroups: {
    erase: async (ctx, id) =>
      removeRows(ctx, "stockGroups", await ctx.db.query("stockGroups").withIndex("by_workspaceId_and_dimension_and_key", (q) => q.eq("workspaceId", id)).take(take)),
  },
  // Emptied by the assets trigger as the items go; whatever is left goes too.
  worthTotals: {
    erase: async (ctx, id) => removeRows(ctx, "worthTotals", await ctx.db.query("worthTotals").withIndex("by_workspaceId_and_currency", (q) => q.eq("workspaceId", id)).take(take)),
  },
  // Finders' messages and contact details, and who looked: they go with the register.
  verifyAlerts: {
    erase: async (ctx, id) => removeRows(ctx, "verifyAlerts", await ctx.db.query("verifyAlerts").withIndex("by_workspaceId_and_at", (q) => q.eq("workspaceId", id)).take(take)),
  },
  foundReports: {
    erase: async (ctx, id) => removeRows(ctx, "foundReports", await ctx.db.query("foundReports").withIndex("by_workspaceId_and_at", (q) => q.eq("workspaceId", id)).take(take)),
  },
  // Its places and kits, loans (borrowers' names and contacts), bookings and audits.
  locations: {
    erase: async (ctx, id) => removeRows(ctx, "locations", await ctx.db.query("locations").withIndex("by_workspaceId_and_path", (q) => q.eq("workspaceId", id)).take(take)),
  },
  kitParts: { erase: async (ctx, id) => removeRows(ctx, "kitParts", await ctx.db.query("kitParts").withIndex("by_workspaceId", (q) => q.eq("workspaceId", id)).take(take)) },
  loans: {
    erase: async (ctx, id) => removeRows(ctx, "loans", await ctx.db.query("loans").withIndex("by_workspaceId_and_open_and_dueAt", (q) => q.eq("workspaceId", id)).take(take)),
  },
  checkouts: { erase: async (ctx, id) => removeRows(ctx, "checkouts", await ctx.db.query("checkouts").withIndex("by_workspaceId", (q) => q.eq("workspaceId", id)).take(take)) },
  bookings: {
    erase: async (ctx, id) =>
      removeRows(ctx, "bookings", await ctx.db.query("bookings").withIndex("by_workspaceId_and_status_and_startAt", (q) => q.eq("workspaceId", id)).take(take)),
  },
  auditItems: { erase: async (ctx, id) => removeRows(ctx, "auditItems", await ctx.db.query("auditItems").withIndex("by_workspaceId", (q) => q.eq("workspaceId", id)).take(take)) },
  audits: { erase: async (ctx, id) => removeRows(ctx, "audits", await ctx.db.query("audits").withIndex("by_workspaceId_and_startedAt", (q) => q.eq("workspaceId", id)).take(take)) },
  // Its insurance reports (every item's value and photo), with their files.
  insuranceReports: {
    erase: async (ctx, id) => {
      const rows = await ctx.db.query("insuranceReports").withIndex("by_workspaceId", (q) => q.eq("workspaceId", id)).take(take);
      for (const report of rows) await deleteReport(ctx, report);
      return rows.length;
    },
  },
  // Its custom fields, each after its values.
  customFields: {
    erase: async (ctx, id) => {
      const field = await ctx.db.query("customFields").withIndex("by_workspaceId_and_categoryKey", (q) => q.eq("workspaceId", id)).first();
      return field === null ? 0 : await eraseFieldStep(ctx, field);
    },
  },
  customFieldValues: { with: "customFields", why: "A value goes with its field (and with its item)." },
  // Service plans (their items are gone) and the warranty and service reminders sent.
  maintenancePlans: {
    erase: async (ctx, id) => removeRows(ctx, "maintenancePlans", await ctx.db.query("maintenancePlans").withIndex("by_workspaceId_and_dueOn", (q) => q.eq("workspaceId", id)).take(take)),
  },
  upkeepReminders: {
    erase: async (ctx, id) =>
      removeRows(ctx, "upkeepReminders", await ctx.db.query("upkeepReminders").withIndex("by_workspaceId_and_sentAt", (q) => q.eq("workspaceId", id)).take(take)),
  },
  // CSV imports, each after its batches and undo log.
  importJobs: {
    erase: async (ctx, id) => {
      const job = await ctx.db.query("importJobs").withIndex("by_workspaceId_and_createdAt", (q) => q.eq("workspaceId", id)).first();
      return job === null ? 0 : await eraseJobStep(ctx, job);
    },
  },
  // Exports (their ZIPs) and imports, each after its item map.
  workspacePorts: {
    erase: async (ctx, id) => {
      const port = await ctx.db.query("workspacePorts").withIndex("by_workspaceId_and_kind_and_startedAt", (q) => q.eq("workspaceId", id)).first();
      return port === null ? 0 : await erasePortStep(ctx, port);
    },
  },
  workspaceMoves: {
    erase: async (ctx, id) =>
      removeRows(ctx, "workspaceMoves", await ctx.db.query("workspaceMoves").withIndex("by_workspaceId_and_startedAt", (q) => q.eq("workspaceId", id)).take(take)),
  },
  verifiedNameRequests: {
    erase: async (ctx, id) =>
      removeRows(ctx, "verifiedNameRequests", await ctx.db.query("verifiedNameRequests").withIndex("by_workspaceId_and_createdAt", (q) => q.eq("workspaceId", id)).take(take)),
  },
  workspaceInvitations: {
    erase: async (ctx, id) =>
      removeRows(ctx, "workspaceInvitations", await ctx.db.query("workspaceInvitations").withIndex("by_workspaceId_and_createdAt", (q) => q.eq("workspaceId", id)).take(take)),
  },
  workspaceActivity: {
    erase: async (ctx, id) => removeRows(ctx, "workspaceActivity", await ctx.db.query("workspaceActivity").withIndex("by_workspaceId_and_at", (q) => q.eq("workspaceId", id)).take(take)),
  },
  // With the row itself, in the last step: while an account's erasure finds its membership, it is still erasing its sole workspace.
  workspaceMembers: { with: "workspaces", why: "Memberships go with the workspace row, in the last step." },
  workspaceErasures: { with: "workspaces", why: "The erasure's lease goes with the workspace row, in the last step." },
  workspaces: { with: "workspaces", why: "The row goes last, with its memberships, once nothing else is left." },
  // Kept.
  wallets: { kept: "The ledger: every balance still adds up to its transactions (a closed workspace's is empty)." },
  transactions: { kept: "The ledger: every balance still adds up to its transactions." },
  topUpOrders: { kept: "Payments: our accounts stay auditable." },
  stickerBatches: { kept: "Printed sticker codes must never be drawn again." },
  assetEvents: { kept: "An item's history follows the item: items moved out keep theirs, a deleted item's is purged with it." },
  assetOwners: { kept: "An item's ownership periods follow the item, as its history does." },
  transfers: { kept: "An item's transfer offers follow the item; a deleted item's pending offer is cancelled." },
  stolenReports: { kept: "An item's stolen report follows the item and is purged with it." },
  dataExports: { kept: "A member's own download, which names the workspace only in its progress and expires." },
} as const satisfies Partial<Record<TableNames, Policy>>;

type Entry = [TableNames, Policy];
type Records = typeof WORKSPACE_RECORDS;

/**
 * The tables whose rows name a workspace and are erased with it (erased, or with a table other
 * than the workspace row): migrations:eraseOrphans* erases those left by closings before
 * erasure existed, one migration per table here.
 */
export type ErasedTable = {
  [T in keyof Records]: Records[T] extends { erase: Batch } ? T : Records[T] extends { with: infer W } ? (W extends "workspaces" ? never : T) : never;
}[keyof Records];

export const ERASED_TABLES = (Object.entries(WORKSPACE_RECORDS) as Entry[])
  .filter(([, policy]) => "erase" in policy || ("with" in policy && policy.with !== "workspaces"))
  .map(([table]) => table as ErasedTable);

/** Erasing one row the way its table's policy does (its files released, the rows under it first); others are plain deletes. */
const ROW_ERASERS: { [T in ErasedTable]?: (ctx: MutationCtx, row: Doc<T>) => Promise<void> } = {
  assets: async (ctx, asset) => {
    // The actor only signs a pending offer's cancellation: its sender's.
    const pending = await pendingTransfer(ctx, asset._id);
    if (pending !== null) await cancelPendingTransfer(ctx, asset._id, pending.fromUserId);
    for (const file of asset.files) await releaseFile(ctx, asset._id, file.storageId);
    await ctx.db.delete("assets", asset._id);
    await ctx.scheduler.runAfter(0, internal.assets.purgeRecords, { assetId: asset._id });
    if (asset.workspaceId !== undefined) await removeItemRoom(ctx, asset.workspaceId, asset._id);
  },
  insuranceReports: deleteReport,
  customFields: async (ctx, field) => {
    while ((await ctx.db.get("customFields", field._id)) !== null) await eraseFieldStep(ctx, field);
  },
  importJobs: async (ctx, job) => {
    while ((await ctx.db.get("importJobs", job._id)) !== null) await eraseJobStep(ctx, job);
  },
  workspacePorts: async (ctx, port) => {
    while ((await ctx.db.get("workspacePorts", port._id)) !== null) await erasePortStep(ctx, port);
  },
};

/**
 * Erases a row whose workspace no longer exists (left by closings before erasure), as its
 * table's policy erases it. False (and untouched) when it names no workspace or a live one.
 */
export async function eraseOrphan<T extends ErasedTable>(ctx: MutationCtx, table: T, row: Doc<T>): Promise<boolean> {
  const workspaceId = (row as { workspaceId?: WorkspaceId }).workspaceId;
  if (workspaceId === undefined || (await ctx.db.get("workspaces", workspaceId)) !== null) return false;
  const erase = ROW_ERASERS[table] as ((ctx: MutationCtx, row: Doc<T>) => Promise<void>) | undefined;
  if (erase !== undefined) await erase(ctx, row);
  else await ctx.db.delete(table, row._id as Id<T>);
  return true;
}

/**
 * One bounded step of erasing the workspace: a batch of the first table with rows left,
 * else its memberships and the workspace row. True while more is left.
 */
export async function eraseWorkspaceStep(ctx: MutationCtx, workspaceId: WorkspaceId, actorId: UserId): Promise<boolean> {
  for (const [, policy] of Object.entries(WORKSPACE_RECORDS) as Entry[]) {
    if (!("erase" in policy)) continue;
    if ((await policy.erase(ctx, workspaceId, actorId)) > 0) return true;
  }
  const members = await ctx.db.query("workspaceMembers").withIndex("by_workspaceId_and_userId", (q) => q.eq("workspaceId", workspaceId)).take(take);
  if ((await removeRows(ctx, "workspaceMembers", members)) === take) return true;
  await removeListRooms(ctx, workspaceId);
  const lease = await erasureOf(ctx, workspaceId);
  if (lease !== null) await ctx.db.delete("workspaceErasures", lease._id);
  if ((await ctx.db.get("workspaces", workspaceId)) !== null) await ctx.db.delete("workspaces", workspaceId);
  return false;
}

/** How long an erasure may go without a step before the sweep resumes it: far past a live chain's gap. */
export const ERASE_STALE_MS = 15 * 60_000;

/** The lease of the workspace's erasure under way (workspaceClosing.erase), if any. */
export async function erasureOf(ctx: MutationCtx, workspaceId: WorkspaceId): Promise<Doc<"workspaceErasures"> | null> {
  return await ctx.db.query("workspaceErasures").withIndex("by_workspaceId", (q) => q.eq("workspaceId", workspaceId)).unique();
}

/**
 * Takes the erasure's lease for a new chain (the first, or one the sweep resumes): a chain
 * holding an older lease stops at its next step, so at most one chain runs. Returns the lease.
 */
export async function leaseErasure(ctx: MutationCtx, workspaceId: WorkspaceId): Promise<number> {
  const now = Date.now();
  const row = await erasureOf(ctx, workspaceId);
  if (row === null) {
    await ctx.db.insert("workspaceErasures", { workspaceId, lease: 1, stepAt: now });
    return 1;
  }
  await ctx.db.patch("workspaceErasures", row._id, { lease: row.lease + 1, stepAt: now });
  return row.lease + 1;
}

/** Erasures whose chain has not stepped for ERASE_STALE_MS, oldest first. */
export async function stalledErasures(ctx: MutationCtx, limit: number): Promise<Doc<"workspaceErasures">[]> {
  return await ctx.db
    .query("workspaceErasures")
    .withIndex("by_stepAt", (q) => q.lt("stepAt", Date.now() - ERASE_STALE_MS))
    .take(limit);
}
