// Follows every write to `assets` (registered in lib/writes.ts): each custom value an item
// holds has its row in `customFieldValues`, so a list sorts and filters by a custom field
// through an index, whichever form, import or move wrote the item.
import type { Trigger } from "convex-helpers/server/triggers";
import type { DataModel } from "../../_generated/dataModel";
import type { FollowCtx } from "../counts/triggers";
import { foldText, sortValueOf } from "./rules";
import type { CustomValues } from "./tables";

export const followCustomValues: Trigger<FollowCtx, DataModel, "assets"> = async (ctx, { id, oldDoc, newDoc }) => {
  const before: CustomValues = oldDoc?.custom ?? {};
  const after: CustomValues = newDoc?.custom ?? {};
  const moved = oldDoc !== null && newDoc !== null && oldDoc.workspaceId !== newDoc.workspaceId;
  for (const fieldId of new Set([...Object.keys(before), ...Object.keys(after)])) {
    const was = moved ? null : sortValueOf(before[fieldId]);
    // An item in another workspace has none of this workspace's fields: its values stay on it, unlisted.
    const now = newDoc?.workspaceId === undefined || moved ? null : sortValueOf(after[fieldId]);
    if (was === now && !moved) continue;
    const row = await ctx.db
      .query("customFieldValues")
      .withIndex("by_assetId_and_fieldId", (q) => q.eq("assetId", id).eq("fieldId", fieldId))
      .unique();
    const folded = typeof now === "string" ? foldText(now) : undefined;
    if (now === null) {
      if (row !== null) await ctx.innerDb.delete("customFieldValues", row._id);
    } else if (row === null) {
      await ctx.innerDb.insert("customFieldValues", { workspaceId: newDoc!.workspaceId!, fieldId, assetId: id, value: now, folded });
    } else if (row.value !== now || row.folded !== folded) {
      await ctx.innerDb.patch("customFieldValues", row._id, { value: now, folded });
    }
  }
};
