// What happens to a workspace whose only member's account is erased. Kept to one
// function so the workspace-deletion feature's own "delete a workspace" can replace it.
// Kept: its ledger (wallet and transactions: every balance still adds up) and its sticker
// batches (printed codes must never be drawn again).
import type { Id } from "../../_generated/dataModel";
import type { MutationCtx } from "../../_generated/server";
import { deleteAsset } from "../assets/changes";
import { deleteReport } from "../reports/store";
import { ERASE_BATCH } from "./rules";

type WorkspaceId = Id<"workspaces">;

/** The workspace's own records besides its items, one bounded batch of each. */
async function recordsOf(ctx: MutationCtx, workspaceId: WorkspaceId) {
  return {
    workspaceInvitations: await ctx.db.query("workspaceInvitations").withIndex("by_workspaceId_and_createdAt", (q) => q.eq("workspaceId", workspaceId)).take(ERASE_BATCH),
    workspaceActivity: await ctx.db.query("workspaceActivity").withIndex("by_workspaceId_and_at", (q) => q.eq("workspaceId", workspaceId)).take(ERASE_BATCH),
    // Finders' messages and contact details, and who looked: they go with the register.
    foundReports: await ctx.db.query("foundReports").withIndex("by_workspaceId_and_at", (q) => q.eq("workspaceId", workspaceId)).take(ERASE_BATCH),
    verifyAlerts: await ctx.db.query("verifyAlerts").withIndex("by_workspaceId_and_at", (q) => q.eq("workspaceId", workspaceId)).take(ERASE_BATCH),
    importJobs: await ctx.db.query("importJobs").withIndex("by_workspaceId_and_createdAt", (q) => q.eq("workspaceId", workspaceId)).take(1),
    // Its places, kits, loans (borrowers' names and contacts) and bookings.
    locations: await ctx.db.query("locations").withIndex("by_workspaceId_and_path", (q) => q.eq("workspaceId", workspaceId)).take(ERASE_BATCH),
    kitParts: await ctx.db.query("kitParts").withIndex("by_workspaceId", (q) => q.eq("workspaceId", workspaceId)).take(ERASE_BATCH),
    loans: await ctx.db.query("loans").withIndex("by_workspaceId_and_open_and_dueAt", (q) => q.eq("workspaceId", workspaceId)).take(ERASE_BATCH),
    checkouts: await ctx.db.query("checkouts").withIndex("by_workspaceId", (q) => q.eq("workspaceId", workspaceId)).take(ERASE_BATCH),
    bookings: await ctx.db.query("bookings").withIndex("by_workspaceId_and_status_and_startAt", (q) => q.eq("workspaceId", workspaceId)).take(ERASE_BATCH),
    // Its insurance report: every item's value and photo.
    insuranceReports: await ctx.db.query("insuranceReports").withIndex("by_workspaceId", (q) => q.eq("workspaceId", workspaceId)).take(ERASE_BATCH),
    // Warranty and service reminders sent (their items' names); plans and logs go with the items.
    upkeepReminders: await ctx.db.query("upkeepReminders").withIndex("by_workspaceId_and_sentAt", (q) => q.eq("workspaceId", workspaceId)).take(ERASE_BATCH),
    // Its audits and their rows (who scanned what).
    auditItems: await ctx.db.query("auditItems").withIndex("by_workspaceId", (q) => q.eq("workspaceId", workspaceId)).take(ERASE_BATCH),
    audits: await ctx.db.query("audits").withIndex("by_workspaceId_and_startedAt", (q) => q.eq("workspaceId", workspaceId)).take(ERASE_BATCH),
    // Its exports (their ZIPs) and imports.
    workspacePorts: await ctx.db.query("workspacePorts").withIndex("by_workspaceId_and_kind_and_startedAt", (q) => q.eq("workspaceId", workspaceId)).take(1),
  };
}

/** Erases one batch of the workspace; true while more is left. Items go first (files released, history purged). */
export async function eraseSoleWorkspace(ctx: MutationCtx, workspaceId: WorkspaceId, actorId: Id<"users">): Promise<boolean> {
  const assets = await ctx.db
    .query("assets")
    .withIndex("by_workspaceId_and_taggedAt", (q) => q.eq("workspaceId", workspaceId))
    .take(ERASE_BATCH / 4);
  for (const asset of assets) await deleteAsset(ctx, asset, actorId);
  if (assets.length > 0) return true;
  const records = await recordsOf(ctx, workspaceId);
  for (const row of records.workspaceInvitations) await ctx.db.delete("workspaceInvitations", row._id);
  for (const row of records.workspaceActivity) await ctx.db.delete("workspaceActivity", row._id);
  for (const row of records.foundReports) await ctx.db.delete("foundReports", row._id);
  for (const row of records.verifyAlerts) await ctx.db.delete("verifyAlerts", row._id);
  for (const table of ["locations", "kitParts", "loans", "checkouts", "bookings", "auditItems", "audits", "upkeepReminders"] as const) {
    for (const row of records[table]) await ctx.db.delete(table, row._id);
  }
  for (const report of records.insuranceReports) await deleteReport(ctx, report);
  for (const job of records.importJobs) {
    const batches = await ctx.db.query("importBatches").withIndex("by_jobId_and_index", (q) => q.eq("jobId", job._id)).take(ERASE_BATCH);
    const undo = await ctx.db.query("importUndo").withIndex("by_jobId", (q) => q.eq("jobId", job._id)).take(ERASE_BATCH);
    for (const row of batches) await ctx.db.delete("importBatches", row._id);
    for (const row of undo) await ctx.db.delete("importUndo", row._id);
    if (batches.length + undo.length === 0) await ctx.db.delete("importJobs", job._id);
  }
  for (const port of records.workspacePorts) {
    const items = await ctx.db.query("workspacePortItems").withIndex("by_portId_and_from", (q) => q.eq("portId", port._id)).take(ERASE_BATCH);
    const places = await ctx.db.query("workspacePortLocations").withIndex("by_portId_and_depth", (q) => q.eq("portId", port._id)).take(ERASE_BATCH);
    for (const row of items) await ctx.db.delete("workspacePortItems", row._id);
    for (const row of places) await ctx.db.delete("workspacePortLocations", row._id);
    if (items.length + places.length > 0) continue;
    for (const part of port.parts) await ctx.storage.delete(part);
    for (const file of port.held ?? []) await ctx.storage.delete(file.storageId);
    await ctx.db.delete("workspacePorts", port._id);
  }
  if (Object.values(records).some((rows) => rows.length > 0)) return true;
  if ((await ctx.db.get("workspaces", workspaceId)) !== null) await ctx.db.delete("workspaces", workspaceId);
  return false;
}
