// The orders an asset list can be read in. Its own module because the screens import
// it too: lib/assets/list.ts reaches the server's function builders (through read.ts),
// which a browser cannot load.
import { literals } from "convex-helpers/validators";
import type { Infer } from "convex/values";

export const ASSET_SORTS = ["newest", "oldest", "name", "name_desc"] as const;
export const sortValidator = literals(...ASSET_SORTS);
export type AssetSort = Infer<typeof sortValidator>;

/** The asset field each inventory column sorts by (an index field, so a sort is an index read). */
const INVENTORY_SORT_FIELDS = {
  name: "name",
  sku: "details.sku",
  quantity: "details.quantity",
  unit_cost: "details.unitCost",
  value: "lineValue",
  location: "details.location",
  category: "category",
  status: "status",
} as const;
type SortColumn = keyof typeof INVENTORY_SORT_FIELDS;
export type InventorySortField = (typeof INVENTORY_SORT_FIELDS)[SortColumn] | "taggedAt";

const COLUMN_SORTS = (Object.keys(INVENTORY_SORT_FIELDS) as SortColumn[]).flatMap((c) => [c, `${c}_desc`] as const);
/** Every inventory column sorts both ways ("sku" A–Z, "sku_desc" Z–A); "newest" / "oldest" by date tagged. */
export const INVENTORY_SORTS = ["newest", "oldest", ...COLUMN_SORTS] as const;
export const inventorySortValidator = literals(...INVENTORY_SORTS);
export type InventorySort = Infer<typeof inventorySortValidator>;

/** The index field and direction an inventory sort reads. */
export function inventoryOrder(sort: InventorySort): { field: InventorySortField; order: "asc" | "desc" } {
  if (sort === "newest" || sort === "oldest") return { field: "taggedAt", order: sort === "newest" ? "desc" : "asc" };
  const desc = sort.endsWith("_desc");
  const column = (desc ? sort.slice(0, -"_desc".length) : sort) as SortColumn;
  return { field: INVENTORY_SORT_FIELDS[column], order: desc ? "desc" : "asc" };
}
