// Business inventory: totals by location and category, search and CSV export.
// The CSV import is a job of its own: convex/imports.ts.
import { v } from "convex/values";
import { businessQuery } from "./lib/access";
import { businessAssets, group, INVENTORY_SCAN_LIMIT, itemOf } from "./lib/csv/assets";

const ITEMS_LIMIT = 200;
const GROUPS_LIMIT = 100;
const EXPORT_PAGE = 1000;

const totalsFields = { items: v.number(), quantity: v.number(), value: v.number() };
const itemValidator = v.object({
  _id: v.id("assets"),
  serial: v.string(),
  name: v.string(),
  sku: v.string(),
  quantity: v.number(),
  unitCost: v.union(v.number(), v.null()),
  value: v.union(v.number(), v.null()),
  location: v.union(v.string(), v.null()),
  category: v.union(v.string(), v.null()),
  description: v.union(v.string(), v.null()),
  status: v.string(),
  taggedAt: v.number(),
});

export const inventory = businessQuery({
  args: { search: v.optional(v.string()), location: v.optional(v.string()), category: v.optional(v.string()) },
  returns: v.object({
    totals: v.object(totalsFields),
    byLocation: v.array(v.object({ key: v.string(), ...totalsFields })),
    byCategory: v.array(v.object({ key: v.string(), ...totalsFields })),
    locations: v.array(v.string()),
    categories: v.array(v.string()),
    items: v.array(itemValidator),
    matching: v.number(),
    inventorySize: v.number(),
    truncated: v.boolean(),
  }),
  handler: async (ctx, args) => {
    const all = (await businessAssets(ctx, ctx.user._id)).map(itemOf);
    const search = args.search?.trim().toLowerCase() ?? "";
    // "" selects items with no location / category.
    const matches = all.filter(
      (i) =>
        (args.location === undefined || (i.location ?? "") === args.location) &&
        (args.category === undefined || (i.category ?? "") === args.category) &&
        (search === "" || [i.name, i.sku, i.serial, i.location, i.category].some((f) => f?.toLowerCase().includes(search))),
    );
    const totals = matches.reduce(
      (t, i) => ({ items: t.items + 1, quantity: t.quantity + i.quantity, value: t.value + (i.value ?? 0) }),
      { items: 0, quantity: 0, value: 0 },
    );
    const distinct = (f: (i: (typeof all)[number]) => string | null) =>
      [...new Set(all.map((i) => f(i) ?? ""))].sort().slice(0, GROUPS_LIMIT);
    return {
      totals,
      byLocation: group(matches, (i) => i.location, GROUPS_LIMIT),
      byCategory: group(matches, (i) => i.category, GROUPS_LIMIT),
      locations: distinct((i) => i.location),
      categories: distinct((i) => i.category),
      items: matches.slice(0, ITEMS_LIMIT),
      matching: matches.length,
      inventorySize: all.length,
      truncated: all.length >= INVENTORY_SCAN_LIMIT,
    };
  },
});

/** Export in pages (a result array holds at most 8,192 values); the client joins and writes the CSV. */
export const exportPage = businessQuery({
  args: { cursor: v.union(v.string(), v.null()) },
  returns: v.object({ items: v.array(itemValidator), continueCursor: v.string(), isDone: v.boolean() }),
  handler: async (ctx, { cursor }) => {
    const page = await ctx.db
      .query("assets")
      .withIndex("by_ownerId_and_kind_and_taggedAt", (q) => q.eq("ownerId", ctx.user._id).eq("kind", "business"))
      .order("desc")
      .paginate({ cursor, numItems: EXPORT_PAGE });
    return { items: page.page.map(itemOf), continueCursor: page.continueCursor, isDone: page.isDone };
  },
});
