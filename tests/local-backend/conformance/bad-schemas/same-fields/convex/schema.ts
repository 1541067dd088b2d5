import { defineSchema, defineTable } from "convex/server";
import { v } from "convex/values";

export default defineSchema({
  // eslint-disable-next-line @convex-dev/no-duplicate-indexes -- this is the schema Convex refuses, on purpose
  things: defineTable({ a: v.string() }).index("by_a", ["a"]).index("by_a_again", ["a"]),
});
