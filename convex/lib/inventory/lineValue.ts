// A business item's line value (unit cost × quantity, in the unit cost's currency), kept on the
// item as `lineValue` by a trigger on every asset write, so the inventory's Value column sorts
// by an index like its other columns. One formula for the column, its sort and the CSV rows;
// the busy writers (tagging, CSV import and its undo) set it as they write, so the trigger
// rarely writes twice.
import type { Trigger } from "convex-helpers/server/triggers";
import type { DataModel, Doc } from "../../_generated/dataModel";
import { asMoney, type Money } from "../money/currency";
import type { FollowCtx } from "../counts/triggers";

export function lineValueOf(asset: Pick<Doc<"assets">, "details">): Money | undefined {
  if (asset.details.kind !== "business") return undefined;
  const unitCost = asMoney(asset.details.unitCost);
  return unitCost === undefined ? undefined : { amount: unitCost.amount * asset.details.quantity, currency: unitCost.currency };
}

/** Whether the stored line value is the one the item's details make (most writes leave it so). */
export const lineValueCurrent = (asset: Doc<"assets">): boolean => JSON.stringify(lineValueOf(asset) ?? null) === JSON.stringify(asset.lineValue ?? null);

/** Sets the written item's line value when its details moved it (a write of its own, past the other triggers). */
export const followLineValue: Trigger<FollowCtx, DataModel, "assets"> = async (ctx, { newDoc }) => {
  if (newDoc === null || lineValueCurrent(newDoc)) return;
  await ctx.innerDb.patch("assets", newDoc._id, { lineValue: lineValueOf(newDoc) });
};
