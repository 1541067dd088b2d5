import { defineSchema, defineTable } from "convex/server";
import { v } from "convex/values";

// Notes of several owners side by side in one index, and another table: what a forged cursor would reach.
export default defineSchema({
  notes: defineTable({ owner: v.string(), text: v.string() })
    .index("by_owner", ["owner"])
    .searchIndex("search_text", { searchField: "text", filterFields: ["owner"] }),
  vault: defineTable({ text: v.string() }),
});
