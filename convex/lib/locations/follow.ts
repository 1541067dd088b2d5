// Follows every write to `assets` (registered in lib/writes.ts), so no form, import or
// move has to remember it:
// - location text an item is given (a form, a CSV file) that names no location of its
//   workspace yet becomes one (with its parents), so every place an item is in has a page;
// - an item leaving its workspace (a transfer) or deleted leaves its kit, and a kit's
//   parts are let go; an item checked out cannot leave its workspace, and a deleted one's
//   loan closes.
import type { Trigger } from "convex-helpers/server/triggers";
import type { DataModel, Id } from "../../_generated/dataModel";
import type { FollowCtx } from "../counts/triggers";
import { appError } from "../errors";
import { CUSTODY_MESSAGES } from "../custody/rules";
import { openLoan } from "../custody/store";
import { locationText, resolvePath } from "./paths";
import { MAX_KIT_PARTS } from "./rules";

export const followAssetPlace: Trigger<FollowCtx, DataModel, "assets"> = async (ctx, change) => {
  const { oldDoc, newDoc } = change;
  const left = oldDoc !== null && (newDoc === null || newDoc.workspaceId !== oldDoc.workspaceId);
  if (left && (await mayHoldCustody(ctx, oldDoc.workspaceId))) {
    const loan = await openLoan(ctx, oldDoc._id);
    if (loan !== null && newDoc !== null) throw appError("INVALID", CUSTODY_MESSAGES.onLoanMoves);
    // A deleted item is no longer out: its loan closes, so the lists and reminders drop it.
    if (loan !== null) await ctx.innerDb.patch("loans", loan._id, { open: false, returnedAt: Date.now() });
    const rows = [
      ...(await ctx.db.query("kitParts").withIndex("by_partId", (q) => q.eq("partId", oldDoc._id)).take(1)),
      ...(await ctx.db.query("kitParts").withIndex("by_kitId", (q) => q.eq("kitId", oldDoc._id)).take(MAX_KIT_PARTS)),
    ];
    for (const row of rows) await ctx.innerDb.delete("kitParts", row._id);
  }
  if (newDoc === null || newDoc.workspaceId === undefined) return;
  const text = locationText(newDoc);
  // Unchanged text in the same workspace (most writes) costs no read.
  if (text === undefined || (oldDoc !== null && !left && locationText(oldDoc) === text)) return;
  // An import batch writes hundreds of items to a few places: each place is looked up once per mutation.
  const known = resolvedIn.get(ctx.counts) ?? new Set<string>();
  resolvedIn.set(ctx.counts, known);
  const key = `${newDoc.workspaceId}|${text}`;
  if (known.has(key)) return;
  await resolvePath(ctx.innerDb, newDoc.workspaceId, text);
  known.add(key);
};

// Per mutation, keyed by its tally (one per mutation, lib/writes.ts): the places already found
// or made, and whether each workspace has any kit or item out (a delete or transfer of hundreds
// of items in a workspace with neither then reads nothing more).
const resolvedIn = new WeakMap<object, Set<string>>();
const custodyIn = new WeakMap<object, Map<string, boolean>>();

async function mayHoldCustody(ctx: FollowCtx, workspaceId: Id<"workspaces"> | undefined): Promise<boolean> {
  if (workspaceId === undefined) return false;
  const cache = custodyIn.get(ctx.counts) ?? new Map<string, boolean>();
  custodyIn.set(ctx.counts, cache);
  const known = cache.get(workspaceId);
  if (known !== undefined) return known;
  const any =
    (await ctx.db.query("kitParts").withIndex("by_workspaceId", (q) => q.eq("workspaceId", workspaceId)).first()) !== null ||
    (await ctx.db.query("loans").withIndex("by_workspaceId_and_open_and_dueAt", (q) => q.eq("workspaceId", workspaceId).eq("open", true)).first()) !== null;
  cache.set(workspaceId, any);
  return any;
}

/** A kit part or a loan written in this mutation: the answer above must be read again. */
export const forgetCustody: Trigger<FollowCtx, DataModel, "kitParts" | "loans"> = async (ctx) => {
  custodyIn.delete(ctx.counts);
};
