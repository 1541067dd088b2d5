// The locations and kits tables; convex/schema.ts assembles every domain's tables into the schema.
import { defineTable } from "convex/server";
import { v } from "convex/values";

export const locationTables = {
  // Nested places of a workspace (site → room → shelf). An item's location field holds its
  // location's `path` (lib/locations/follow.ts makes a location of any new text), so the
  // inventory's location filters read the same index ranges as before.
  // A path never changes once made: a location is created under its parent and deleted when empty.
  locations: defineTable({
    workspaceId: v.id("workspaces"),
    name: v.string(),
    parentId: v.optional(v.id("locations")),
    // The names from the top down, joined by PATH_SEPARATOR (lib/locations/rules.ts).
    path: v.string(),
    createdAt: v.number(),
  })
    // Finding a location by the text an item holds; the picker in path order.
    .index("by_workspaceId_and_path", ["workspaceId", "path"])
    // One level of the tree, by name (the top level: no parent).
    .index("by_workspaceId_and_parentId_and_name", ["workspaceId", "parentId", "name"]),
  // Kits: an item (the kit) holding others (its parts). A part is in at most one kit; a kit
  // is never a part. Moving or lending the kit carries its parts.
  kitParts: defineTable({
    workspaceId: v.id("workspaces"),
    kitId: v.id("assets"),
    partId: v.id("assets"),
    addedAt: v.number(),
  })
    // A kit's parts.
    .index("by_kitId", ["kitId"])
    // The kit a part is in.
    .index("by_partId", ["partId"])
    // Whether a workspace has any kit (lib/locations/follow.ts skips the rest when not).
    .index("by_workspaceId", ["workspaceId"]),
};
