import { defineSchema, defineTable } from "convex/server";
import { v } from "convex/values";

export default defineSchema({
  things: defineTable({ a: v.string(), b: v.string() }).index("by_a", ["a"]).index("by_b", { fields: ["b"], staged: true }),
});
