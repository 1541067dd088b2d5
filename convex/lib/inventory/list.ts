// The business inventory's items, one page at a time: its location / category filters
// and its column sorts are read from an index whose range holds exactly the matches, so
// a filtered page holds a full page of them. A combination no index serves (a filter with
// a SKU, quantity, unit cost or status sort) reads the sort's index and tops the page up
// with matches, reading at most MAX_ROWS_READ rows for one page.
import type { PaginationOptions, PaginationResult } from "convex/server";
import { v } from "convex/values";
import type { DataModel, Doc, Id } from "../../_generated/dataModel";
import type { QueryCtx } from "../../_generated/server";
import { BULK_MESSAGES, FILTER_MAX, matchesStock, stockFilterArgs } from "../assets/bulk";
import { assetStream } from "../assets/stream";
import { inventoryOrder, inventorySortValidator, type InventorySort, type InventorySortField } from "../assets/sorts";
import { appError } from "../errors";
import { fieldPage, fieldViewValidator, type FieldView } from "../customFields/list";

const SEARCH_MAX = 100;
/** Rows one page may read to top itself up when no index serves the filter and the sort. */
const MAX_ROWS_READ = 2_000;

type FilterField = "details.location" | "category";
type InventoryIndex = { name: keyof DataModel["assets"]["indexes"]; fields: (FilterField | InventorySortField)[] };

// The indexes in lib/assets/schema.ts that start with (workspaceId, kind): their other fields.
const INDEXES: InventoryIndex[] = [
  { name: "by_workspaceId_and_kind_and_taggedAt", fields: ["taggedAt"] },
  { name: "by_workspaceId_and_kind_and_name", fields: ["name"] },
  { name: "by_workspaceId_and_kind_and_sku", fields: ["details.sku"] },
  { name: "by_workspaceId_and_kind_and_quantity", fields: ["details.quantity"] },
  { name: "by_workspaceId_and_kind_and_unitCost", fields: ["details.unitCost"] },
  { name: "by_workspaceId_and_kind_and_lineValue", fields: ["lineValue"] },
  { name: "by_workspaceId_and_kind_and_status_and_taggedAt", fields: ["status", "taggedAt"] },
  { name: "by_workspaceId_and_kind_and_location_and_taggedAt", fields: ["details.location", "taggedAt"] },
  { name: "by_workspaceId_and_kind_and_category_and_taggedAt", fields: ["category", "taggedAt"] },
  { name: "by_workspaceId_and_kind_and_location_and_category_and_taggedAt", fields: ["details.location", "category", "taggedAt"] },
  { name: "by_workspaceId_and_kind_and_location_and_name", fields: ["details.location", "name"] },
  { name: "by_workspaceId_and_kind_and_category_and_name", fields: ["category", "name"] },
  { name: "by_workspaceId_and_kind_and_location_and_category_and_name", fields: ["details.location", "category", "name"] },
];

/** What selects and orders the inventory's items: its table, "select all matching" and its CSV export. */
// `field`: ordered (and filtered) by a custom field instead of `sort` (lib/customFields/list.ts).
export const inventoryListArgs = { sort: v.optional(inventorySortValidator), search: v.optional(v.string()), ...stockFilterArgs, field: v.optional(fieldViewValidator) };
type InventoryListArgs = { sort?: InventorySort; search?: string; location?: string; category?: string; field?: FieldView };

/** The filters as index equalities; "" (no location / category) is a missing field. */
function equalities({ location, category }: InventoryListArgs): [FilterField, string | undefined][] {
  const eqs: [FilterField, string | undefined][] = [];
  if (location !== undefined) eqs.push(["details.location", location === "" ? undefined : location]);
  if (category !== undefined) eqs.push(["category", category === "" ? undefined : category]);
  return eqs;
}

/**
 * The index that serves filters `eqs` and a sort on `field`: its fields start with the
 * filtered ones, then the sorted one (or the sort is on a filtered field). Null when none.
 */
function servingIndex(eqs: FilterField[], field: InventorySortField): InventoryIndex | null {
  return (
    INDEXES.find((index) => {
      const head = index.fields.slice(0, eqs.length);
      if (head.length !== eqs.length || !eqs.every((f) => head.includes(f))) return false;
      return eqs.includes(field as FilterField) || index.fields[eqs.length] === field;
    }) ?? null
  );
}

type Range = { eq(field: string, value: unknown): Range };

/** One page of the workspace's business items that the filters select, in the sort's (or the custom field's) order (search: relevance). */
export async function inventoryPage(
  ctx: QueryCtx,
  workspaceId: Id<"workspaces">,
  args: InventoryListArgs,
  paginationOpts: PaginationOptions,
): Promise<PaginationResult<Doc<"assets">>> {
  if ([args.search, args.location, args.category].some((f) => f !== undefined && f.length > FILTER_MAX)) {
    throw appError("INVALID", BULK_MESSAGES.filterTooLong);
  }
  const eqs = equalities(args);
  const search = args.search?.trim().slice(0, SEARCH_MAX) ?? "";
  const opts = { cursor: paginationOpts.cursor, numItems: paginationOpts.numItems };
  if (search === "" && args.field !== undefined) {
    return fieldPage(ctx, workspaceId, args.field, (asset) => asset.kind === "business" && matchesStock(asset, args), paginationOpts);
  }
  if (search !== "") {
    // The search index filters on location and category too; relevance ignores the sort.
    return ctx.db
      .query("assets")
      .withSearchIndex("search_text", (q) => eqs.reduce((s, [f, v]) => s.eq(f, v), q.search("searchText", search).eq("workspaceId", workspaceId).eq("kind", "business")))
      .paginate(opts);
  }
  const { field, order } = inventoryOrder(args.sort ?? "newest");
  const served = servingIndex(eqs.map(([f]) => f), field);
  // Without an index for both, the sort's own index (no filter fields) and a filter on top.
  const index = served ?? servingIndex([], field)!;
  const bounds = served === null ? [] : eqs;
  const range = (q: Range) => bounds.reduce((r, [f, v]) => r.eq(f, v), q.eq("workspaceId", workspaceId).eq("kind", "business"));
  const rows = assetStream(ctx.db)
    .withIndex(index.name, range as never)
    .order(order);
  if (served !== null) return rows.paginate(opts);
  return rows.filterWith(async (asset) => matchesStock(asset, args)).paginate({ ...opts, maximumRowsRead: MAX_ROWS_READ });
}
