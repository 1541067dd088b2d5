// The business inventory (/business-dashboard): exact totals and groups read from
// stockGroups (kept by a trigger on every asset write), and the items as a paged,
// sortable table. Bulk actions on the items are the asset ones (convex/assetBulk.ts).
import { paginationOptsValidator, paginationResultValidator } from "convex/server";
import { v } from "convex/values";
import { workspaceQuery } from "./lib/access";
import { BULK_MESSAGES, FILTER_MAX, stockFilterArgs } from "./lib/assets/bulk";
import { assetStatusValidator, visibilityValidator } from "./lib/assets/tables";
import { inventoryItemFields, itemOf } from "./lib/csv/assets";
import { appError } from "./lib/errors";
import { inventoryListArgs, inventoryPage } from "./lib/inventory/list";
import { stockTotals, stockView, type StockDimension } from "./lib/inventory/stockGroups";
import { moneyValidator } from "./lib/money/currency";

/** The "By location" / "By category" tables show the groups holding the most items. */
const GROUPS_SHOWN = 100;
/** Distinct locations / categories offered as filters. */
const FILTER_OPTIONS = 500;

// Value: one total per currency held.
const totalsFields = { items: v.number(), quantity: v.number(), values: v.array(moneyValidator) };
const groupValidator = v.object({ key: v.string(), ...totalsFields });

function checkFilters(filters: (string | undefined)[]) {
  if (filters.some((f) => f !== undefined && f.length > FILTER_MAX)) throw appError("INVALID", BULK_MESSAGES.filterTooLong);
}

export const summary = workspaceQuery({
  kinds: ["business"],
  args: stockFilterArgs,
  returns: v.object({
    totals: v.object(totalsFields),
    byLocation: v.array(groupValidator),
    byCategory: v.array(groupValidator),
    locations: v.array(v.string()),
    categories: v.array(v.string()),
  }),
  handler: async (ctx, filter) => {
    checkFilters([filter.location, filter.category]);
    const workspaceId = ctx.workspace._id;
    const groups = async (dimension: StockDimension) =>
      (
        await ctx.db
          .query("stockGroups")
          .withIndex("by_workspaceId_and_dimension_and_items", (q) => q.eq("workspaceId", workspaceId).eq("dimension", dimension))
          .order("desc")
          .take(GROUPS_SHOWN)
      ).map((row) => ({ key: row.key, ...stockView(row) }));
    const keys = async (dimension: StockDimension) =>
      (
        await ctx.db
          .query("stockGroups")
          .withIndex("by_workspaceId_and_dimension_and_key", (q) => q.eq("workspaceId", workspaceId).eq("dimension", dimension))
          .take(FILTER_OPTIONS)
      ).map((g) => g.key);
    const [totals, byLocation, byCategory, locations, categories] = await Promise.all([
      stockTotals(ctx, workspaceId, filter),
      groups("location"),
      groups("category"),
      keys("location"),
      keys("category"),
    ]);
    return { totals, byLocation, byCategory, locations, categories };
  },
});

const { description: _description, ...rowFields } = inventoryItemFields;
const itemRowValidator = v.object({ ...rowFields, status: assetStatusValidator, visibility: visibilityValidator });

/** One page of the items, in the chosen order; location / category narrow it (a full page of matches), search ranks it. */
export const items = workspaceQuery({
  kinds: ["business"],
  args: { paginationOpts: paginationOptsValidator, ...inventoryListArgs },
  returns: paginationResultValidator(itemRowValidator),
  handler: async (ctx, { paginationOpts, workspaceId: _workspaceId, ...filter }) => {
    const page = await inventoryPage(ctx, ctx.workspace._id, filter, paginationOpts);
    return {
      ...page,
      page: page.page.map((a) => {
        const { description: _description, ...item } = itemOf(a);
        return { ...item, status: a.status, visibility: a.visibility };
      }),
    };
  },
});
