import { defineSchema, defineTable } from "convex/server";
import { v } from "convex/values";

export default defineSchema({
  things: defineTable({ data: v.any() }),
  jobs: defineTable({ n: v.number() }),
});
