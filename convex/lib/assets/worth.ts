// What a workspace's items are worth, per currency: the dashboard's Value and the insurance
// report's totals count the same items the same way (`worthOf`). An item counts while its
// workspace holds it: lost and stolen ones too (still the owner's, and what a claim is made
// for), not one marked transferred (handed to someone else). NFTs and will instructions carry
// no value field.
//
// The sums are kept, not read: each item stores what it was last counted as (`worth`), and
// the assets trigger moves the workspace's `worthTotals` by the difference between that and
// what it is worth now, then stores the new figure. So every write (form, bulk action,
// import, transfer, deletion) keeps the totals exact, an item written before the totals
// existed joins them at its next write, and migrations:countWorth (which only writes `worth`)
// counts each item exactly once, however often it runs beside live writes.
import type { Trigger } from "convex-helpers/server/triggers";
import type { DataModel, Doc, Id } from "../../_generated/dataModel";
import type { QueryCtx } from "../../_generated/server";
import type { FollowCtx } from "../counts/triggers";
import { CURRENCY_CODES, asMoney, totalsList, type Money } from "../money/currency";
import { lineValueOf } from "../inventory/lineValue";
import type { AssetStatus, StoredAssetDetails } from "./tables";

/** What an item is worth in its own currency: its purchase value, or unit cost × quantity. */
export function valueOfDetails(details: StoredAssetDetails): Money | undefined {
  if (details.kind === "general") return asMoney(details.purchaseValue);
  return lineValueOf({ details });
}

/** Whether an item of this status is still its workspace's (the report and the Value list only those). */
export const heldStatus = (status: AssetStatus): boolean => status !== "transferred";

/** What the item adds to its workspace's worth now. */
export function worthOf(asset: Pick<Doc<"assets">, "workspaceId" | "status" | "details">): Money | undefined {
  if (asset.workspaceId === undefined || !heldStatus(asset.status)) return undefined;
  const value = valueOfDetails(asset.details);
  return value === undefined || value.amount === 0 ? undefined : value;
}

const sameWorth = (a: Money | undefined, b: Money | undefined): boolean => a?.amount === b?.amount && a?.currency === b?.currency;

/**
 * Registered on `assets` in lib/writes.ts: takes what the old document was counted as out of
 * its workspace's totals and puts what the new one is worth into its own, in the mutation's
 * tally (lib/counts/tally.ts), and stores the new figure on the item (a write past the
 * triggers; the busy writers set it as they write, so this rarely writes twice).
 */
export const followWorth: Trigger<FollowCtx, DataModel, "assets"> = async (ctx, { id, oldDoc, newDoc }) => {
  const counted = oldDoc?.worth;
  const now = newDoc === null ? undefined : worthOf(newDoc);
  const moved = oldDoc?.workspaceId !== newDoc?.workspaceId;
  if (moved || !sameWorth(counted, now)) {
    if (counted !== undefined && oldDoc?.workspaceId !== undefined) ctx.counts.addWorth(oldDoc.workspaceId, counted, -1);
    if (now !== undefined && newDoc?.workspaceId !== undefined) ctx.counts.addWorth(newDoc.workspaceId, now, 1);
  }
  if (newDoc !== null && !sameWorth(newDoc.worth, now)) await ctx.innerDb.patch("assets", id, { worth: now });
};

/** The workspace's totals per currency, exact: one row per currency it holds values in. */
export async function workspaceWorth(ctx: QueryCtx, workspaceId: Id<"workspaces">): Promise<{ values: Money[] }> {
  const rows = await ctx.db
    .query("worthTotals")
    .withIndex("by_workspaceId_and_currency", (q) => q.eq("workspaceId", workspaceId))
    .take(CURRENCY_CODES.length);
  return { values: totalsList(Object.fromEntries(rows.map((r) => [r.currency, r.amount]))) };
}
