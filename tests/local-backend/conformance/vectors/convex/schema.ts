import { defineSchema, defineTable } from "convex/server";
import { v } from "convex/values";

export default defineSchema({
  items: defineTable({ name: v.string(), kind: v.string(), embedding: v.array(v.float64()) }).vectorIndex("by_embedding", {
    vectorField: "embedding",
    dimensions: 3,
    filterFields: ["kind"],
  }),
});
