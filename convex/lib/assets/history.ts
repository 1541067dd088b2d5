// Whose history is whose. An asset's events belong to the period of ownership they
// happened in: each owning workspace reads the events of their own periods, and of the others
// only what /verify's public provenance shows (dates, no people). A buyer never reads
// whom the seller offered the item to, the values the seller overwrote (an old home
// address), or earlier owners' names and e-mails.
import { v, type Infer } from "convex/values";
import type { Doc, Id } from "../../_generated/dataModel";
import type { QueryCtx } from "../../_generated/server";
import { assetChangeValidator, assetEventTypeValidator, type OwnerPeriod } from "./tables";
import { displayName } from "./read";

const HISTORY_LIMIT = 100;
const PERIODS_LIMIT = 100;

/** What a new owner reads of the transfer that made them owner: no one else named. */
const TRANSFERRED_TO_YOU = "Ownership transferred to you";

export const assetEventViewValidator = v.object({
  _id: v.id("assetEvents"),
  type: assetEventTypeValidator,
  summary: v.string(),
  changes: v.array(assetChangeValidator),
  at: v.number(),
  actorName: v.string(),
});

type EventView = Infer<typeof assetEventViewValidator>;


async function ownerRows(ctx: QueryCtx, asset: Doc<"assets">) {
  const rows = await ctx.db
    .query("assetOwners")
    .withIndex("by_assetId", (q) => q.eq("assetId", asset._id))
    .take(PERIODS_LIMIT);
  // Assets from before the owner chain: one period, the current owner's, since tagging.
  return rows.length > 0 ? rows : [{ workspaceId: asset.workspaceId, from: asset.taggedAt, to: undefined }];
}

/**
 * The moment ownership may change hands: now, or just after the asset's last event when
 * that shares the millisecond, so every earlier event falls in the earlier period.
 */
export async function handoverTime(ctx: QueryCtx, assetId: Id<"assets">, now: number): Promise<number> {
  const last = await ctx.db
    .query("assetEvents")
    .withIndex("by_assetId_and_at", (q) => q.eq("assetId", assetId))
    .order("desc")
    .first();
  return last === null ? now : Math.max(now, last.at + 1);
}

/** Every period of ownership of `asset`, in order: dates, and whether it is the viewing workspace's; nobody else is named. */
export async function ownerPeriods(ctx: QueryCtx, asset: Doc<"assets">, viewerId: Id<"workspaces">): Promise<OwnerPeriod[]> {
  const rows = await ownerRows(ctx, asset);
  return rows.map((r) => ({ from: r.from, to: r.to ?? null, yours: r.workspaceId === viewerId }));
}

/** The history a workspace reads of an asset it holds: the events of its own periods, newest first. */
export async function historyFor(ctx: QueryCtx, asset: Doc<"assets">, viewerId: Id<"workspaces">): Promise<EventView[]> {
  const rows = await ownerRows(ctx, asset);
  const mine = rows.filter((r) => r.workspaceId === viewerId).reverse();
  const events: Doc<"assetEvents">[] = [];
  // One indexed range per period, newest period first: nothing outside them is read.
  for (const period of mine) {
    if (events.length >= HISTORY_LIMIT) break;
    const page = await ctx.db
      .query("assetEvents")
      .withIndex("by_assetId_and_at", (q) => {
        const from = q.eq("assetId", asset._id).gte("at", period.from);
        return period.to === undefined ? from : from.lt("at", period.to);
      })
      .order("desc")
      .take(HISTORY_LIMIT - events.length);
    events.push(...page);
  }
  const names = new Map<string, string>();
  for (const e of events) {
    if (!names.has(e.actorId)) names.set(e.actorId, displayName(await ctx.db.get("users", e.actorId)));
  }
  return events.map((e) => ({
    _id: e._id,
    type: e.type,
    // The transfer into the viewer's period named the previous owner: it reads without them.
    summary: e.type === "transferred" ? TRANSFERRED_TO_YOU : e.summary,
    changes: e.type === "transferred" ? [] : (e.changes ?? []),
    at: e.at,
    actorName: names.get(e.actorId)!,
  }));
}

/** When `workspaceId`'s ownership of `asset` last ended, if it ended by a handover to someone else. */
export async function handedOverAt(ctx: QueryCtx, asset: Doc<"assets">, workspaceId: Id<"workspaces">): Promise<number | null> {
  if (asset.workspaceId === workspaceId) return null;
  const rows = await ownerRows(ctx, asset);
  const ends = rows.filter((r) => r.workspaceId === workspaceId && r.to !== undefined).map((r) => r.to!);
  return ends.length === 0 ? null : Math.max(...ends);
}
