// Follows every write to `assets` (registered in lib/writes.ts), so no form, import or
// move has to remember it:
// - the item's `locationId` is the location whose path its location text is (made if
//   missing: text typed in a form or a CSV file becomes a location);
// - an item leaving its workspace (a transfer) or deleted leaves its kit, and its kit's
//   parts are let go; an item checked out cannot leave its workspace.
import type { Trigger } from "convex-helpers/server/triggers";
import type { DataModel } from "../../_generated/dataModel";
import type { FollowCtx } from "../counts/triggers";
import { appError } from "../errors";
import { CUSTODY_MESSAGES } from "../custody/rules";
import { openLoan } from "../custody/store";
import { locationText, resolvePath } from "./paths";
import { MAX_KIT_PARTS } from "./rules";

export const followAssetPlace: Trigger<FollowCtx, DataModel, "assets"> = async (ctx, change) => {
  const { oldDoc, newDoc } = change;
  const left = oldDoc !== null && (newDoc === null || newDoc.workspaceId !== oldDoc.workspaceId);
  if (left) {
    if (newDoc !== null && (await openLoan(ctx, oldDoc._id)) !== null) throw appError("INVALID", CUSTODY_MESSAGES.onLoanMoves);
    const rows = [
      ...(await ctx.db.query("kitParts").withIndex("by_partId", (q) => q.eq("partId", oldDoc._id)).take(1)),
      ...(await ctx.db.query("kitParts").withIndex("by_kitId", (q) => q.eq("kitId", oldDoc._id)).take(MAX_KIT_PARTS)),
    ];
    for (const row of rows) await ctx.innerDb.delete("kitParts", row._id);
  }
  if (newDoc === null || newDoc.workspaceId === undefined) return;
  const text = locationText(newDoc);
  const same = oldDoc !== null && !left && locationText(oldDoc) === text;
  // Unchanged and already linked (or nothing to link): the usual write costs no read.
  if (same && (text === undefined) === (newDoc.locationId === undefined)) return;
  const locationId = text === undefined ? undefined : await resolvePath(ctx.innerDb, newDoc.workspaceId, text);
  if (locationId !== newDoc.locationId) await ctx.innerDb.patch("assets", newDoc._id, { locationId });
};
