import { defineSchema, defineTable } from "convex/server";
import { v } from "convex/values";

// Same table names as the components use inside, to show they stay apart.
export default defineSchema({
  rateLimits: defineTable({ note: v.string() }),
});
