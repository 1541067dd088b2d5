// Reading and writing plans and the log: due days, the views screens get, and following the item.
import type { Trigger } from "convex-helpers/server/triggers";
import type { DataModel, Doc, Id } from "../../_generated/dataModel";
import type { MutationCtx, QueryCtx } from "../../_generated/server";
import { internal } from "../../_generated/api";
import type { FollowCtx } from "../counts/triggers";
import { appError } from "../errors";
import { addPeriod, dayOf, UPKEEP_LIMITS, UPKEEP_MESSAGES, type Schedule } from "./rules";
import type { LogEntryView, PlanView } from "./tables";

/** When a plan falls due: a time plan after its period; a counter plan once its reading reaches the mark (that day). */
export function dueOf(plan: { schedule: Schedule; lastOn: string; lastReading?: number; reading?: number; dueOn?: string }, now: number): string | undefined {
  if (plan.schedule.by === "time") return addPeriod(plan.lastOn, plan.schedule.every, plan.schedule.period);
  const mark = (plan.lastReading ?? 0) + plan.schedule.every;
  if ((plan.reading ?? 0) < mark) return undefined;
  // Reached before: keep the day it did, so the reminder's key stays the same.
  return plan.dueOn ?? dayOf(now);
}

export function planView(plan: Doc<"maintenancePlans">): PlanView {
  const counter = plan.schedule.by === "counter";
  return {
    _id: plan._id,
    title: plan.title,
    schedule: plan.schedule,
    lastOn: plan.lastOn,
    lastReading: plan.lastReading ?? null,
    reading: plan.reading ?? null,
    dueOn: plan.dueOn ?? null,
    dueReading: counter ? (plan.lastReading ?? 0) + plan.schedule.every : null,
  };
}

export async function plansOf(ctx: QueryCtx, assetId: Id<"assets">) {
  return await ctx.db.query("maintenancePlans").withIndex("by_assetId", (q) => q.eq("assetId", assetId)).take(UPKEEP_LIMITS.plansPerAsset);
}

/** A plan of the workspace's item; another workspace's reads as missing. */
export async function workspacePlan(ctx: QueryCtx, planId: Id<"maintenancePlans">, workspaceId: Id<"workspaces">) {
  const plan = await ctx.db.get("maintenancePlans", planId);
  if (plan === null || plan.workspaceId !== workspaceId) throw appError("NOT_FOUND", UPKEEP_MESSAGES.planNotFound);
  return plan;
}

export async function logOf(ctx: QueryCtx, asset: Doc<"assets">, plans: Doc<"maintenancePlans">[]): Promise<LogEntryView[]> {
  const rows = await ctx.db
    .query("maintenanceLog")
    .withIndex("by_assetId_and_doneOn", (q) => q.eq("assetId", asset._id))
    .order("desc")
    .take(UPKEEP_LIMITS.logShown);
  const titles = new Map(plans.map((p) => [p._id, p.title]));
  const files = new Map(asset.files.map((f) => [f.storageId, f]));
  return await Promise.all(
    rows.map(async (e) => ({
      _id: e._id,
      doneOn: e.doneOn,
      what: e.what,
      cost: e.cost ?? null,
      reading: e.reading ?? null,
      plan: e.planId === undefined ? null : (titles.get(e.planId) ?? null),
      // A file removed from the item since is no longer listed.
      files: await Promise.all(
        e.files.flatMap((id) => {
          const file = files.get(id);
          return file === undefined ? [] : [ctx.storage.getUrl(id).then((url) => ({ storageId: id, name: file.name, url }))];
        }),
      ),
    })),
  );
}

/**
 * Follows every write to `assets` (registered in lib/writes.ts): plans go where the item goes
 * (a transfer, a move out of a closing workspace) and with it when it is deleted; the log of a
 * deleted item is purged in batches after.
 */
export const followAssetUpkeep: Trigger<FollowCtx, DataModel, "assets"> = async (ctx, { oldDoc, newDoc }) => {
  if (oldDoc === null || (newDoc !== null && newDoc.workspaceId === oldDoc.workspaceId)) return;
  const plans = await ctx.db.query("maintenancePlans").withIndex("by_assetId", (q) => q.eq("assetId", oldDoc._id)).take(UPKEEP_LIMITS.plansPerAsset);
  for (const plan of plans) {
    if (newDoc === null || newDoc.workspaceId === undefined) await ctx.innerDb.delete("maintenancePlans", plan._id);
    else await ctx.innerDb.patch("maintenancePlans", plan._id, { workspaceId: newDoc.workspaceId });
  }
  if (newDoc !== null) return;
  // Most items have no log: only one that has gets a purge job (a bulk delete of hundreds schedules few).
  const logged = await ctx.db.query("maintenanceLog").withIndex("by_assetId_and_doneOn", (q) => q.eq("assetId", oldDoc._id)).first();
  if (logged !== null) await ctx.scheduler.runAfter(0, internal.maintenance.purgeLog, { assetId: oldDoc._id });
};

/** Deletes one batch of a deleted item's log; true while more is left. */
export async function purgeLogBatch(ctx: MutationCtx, assetId: Id<"assets">, batch: number): Promise<boolean> {
  const rows = await ctx.db.query("maintenanceLog").withIndex("by_assetId_and_doneOn", (q) => q.eq("assetId", assetId)).take(batch);
  for (const row of rows) await ctx.db.delete("maintenanceLog", row._id);
  return rows.length === batch;
}
