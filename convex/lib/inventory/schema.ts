// The inventory tables; convex/schema.ts assembles every domain's tables into the schema.
import { defineTable } from "convex/server";
import { v } from "convex/values";

export const inventoryTables = {
  // A business's stock summed per location, per category, per (location, category) and
  // in all, kept by a trigger on `assets` (lib/inventory/stockGroups.ts). A group-by with
  // its distinct keys is not something an aggregate B-tree lists, so each group is a row.
  stockGroups: defineTable({
    // The business workspace. Rows of a user (`ownerId`) are from before workspaces: the
    // migration's moves empty them (and an empty group is deleted).
    workspaceId: v.optional(v.id("workspaces")),
    ownerId: v.optional(v.id("users")),
    dimension: v.union(v.literal("all"), v.literal("location"), v.literal("category"), v.literal("place")),
    // "" for items with no location / category; "place" keys are [location, category] as JSON.
    key: v.string(),
    items: v.number(),
    quantity: v.number(),
    // Unit cost × quantity summed per currency: minor units by ISO 4217 code.
    values: v.optional(v.record(v.string(), v.number())),
    // Before values had currencies: pence. Rewritten into `values` by the next change to the
    // group or by migrations:stockValuesInCurrencies.
    value: v.optional(v.number()),
  })
    // The trigger's upsert and a filter's totals.
    .index("by_workspaceId_and_dimension_and_key", ["workspaceId", "dimension", "key"])
    // The "By location" / "By category" tables, most items first (values in several
    // currencies have no one order).
    .index("by_workspaceId_and_dimension_and_items", ["workspaceId", "dimension", "items"])
    // Until the migration has run: the pre-workspace rows the trigger empties.
    .index("by_ownerId_and_dimension_and_key", ["ownerId", "dimension", "key"]),
};
