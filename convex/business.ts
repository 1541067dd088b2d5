// Business inventory's CSV export (the inventory's lists and totals: convex/inventory.ts;
// the CSV import, a job of its own: convex/imports.ts).
import { v } from "convex/values";
import { workspaceQuery } from "./lib/access";
import { inventoryItemFields, itemOf } from "./lib/csv/assets";

const EXPORT_PAGE = 1000;

const itemValidator = v.object(inventoryItemFields);

/** Export in pages (a result array holds at most 8,192 values); the client joins and writes the CSV. */
export const exportPage = workspaceQuery({
  kinds: ["business"],
  args: { cursor: v.union(v.string(), v.null()) },
  returns: v.object({ items: v.array(itemValidator), continueCursor: v.string(), isDone: v.boolean() }),
  handler: async (ctx, { cursor }) => {
    const page = await ctx.db
      .query("assets")
      .withIndex("by_workspaceId_and_kind_and_taggedAt", (q) => q.eq("workspaceId", ctx.workspace._id).eq("kind", "business"))
      .order("desc")
      .paginate({ cursor, numItems: EXPORT_PAGE });
    return { items: page.page.map(itemOf), continueCursor: page.continueCursor, isDone: page.isDone };
  },
});
