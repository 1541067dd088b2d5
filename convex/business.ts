// Business inventory's CSV export (the inventory's lists and totals: convex/inventory.ts;
// the CSV import, a job of its own: convex/imports.ts).
import { v } from "convex/values";
import { workspaceQuery } from "./lib/access";
import { inventoryItemFields, itemOf } from "./lib/csv/assets";
import { inventoryListArgs, inventoryPage } from "./lib/inventory/list";

const EXPORT_PAGE = 1000;

const itemValidator = v.object(inventoryItemFields);

/**
 * Export in pages (a result array holds at most 8,192 values); the client joins and writes
 * the CSV. The filters, search and sort are the table's, so the file holds what it shows.
 */
export const exportPage = workspaceQuery({
  kinds: ["business"],
  args: { cursor: v.union(v.string(), v.null()), ...inventoryListArgs },
  returns: v.object({ items: v.array(itemValidator), continueCursor: v.string(), isDone: v.boolean() }),
  handler: async (ctx, { cursor, workspaceId: _workspaceId, ...filter }) => {
    const page = await inventoryPage(ctx, ctx.workspace._id, filter, { cursor, numItems: EXPORT_PAGE });
    return { items: page.page.map(itemOf), continueCursor: page.continueCursor, isDone: page.isDone };
  },
});
