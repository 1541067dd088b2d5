// The custom-field tables; convex/schema.ts assembles every domain's tables into the schema.
import { defineTable } from "convex/server";
import { v } from "convex/values";
import { customFieldFields } from "./tables";

export const customFieldTables = {
  // A workspace's own fields per category (lib/customFields/rules.ts). A removed one is kept
  // (`removed`) with its values, so removing never loses what items hold and can be undone.
  customFields: defineTable({ ...customFieldFields, removed: v.boolean() })
    // The workspace's definitions (at most CUSTOM_FIELD_LIMITS.perWorkspace), by category.
    .index("by_workspaceId_and_categoryKey", ["workspaceId", "categoryKey"]),
  // One row per value an item holds in a custom field, kept by the assets trigger
  // (lib/customFields/follow.ts): a list sorted or filtered by a custom field is an index read here.
  customFieldValues: defineTable({
    workspaceId: v.id("workspaces"),
    fieldId: v.string(),
    assetId: v.id("assets"),
    // Money by its amount; text, dates and choices as text; numbers; a ticked box as true.
    value: v.union(v.string(), v.number(), v.boolean()),
    // A text value case folded (foldText in ./rules.ts), for the "starts with" filter; absent on
    // rows from before it until migrations:foldCustomTexts (or the item's next write) sets it.
    folded: v.optional(v.string()),
  })
    // A field's items in value order, or those holding one value.
    .index("by_fieldId_and_value", ["fieldId", "value"])
    // A text field's items whose value starts with a prefix, whatever its case.
    .index("by_fieldId_and_folded", ["fieldId", "folded"])
    // An item's rows, when its values change or it leaves.
    .index("by_assetId_and_fieldId", ["assetId", "fieldId"]),
};
