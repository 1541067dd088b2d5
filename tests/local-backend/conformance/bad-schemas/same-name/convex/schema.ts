import { defineSchema, defineTable } from "convex/server";
import { v } from "convex/values";

export default defineSchema({ things: defineTable({ a: v.string(), b: v.string() }).index("by_x", ["a"]).index("by_x", ["b"]) });
