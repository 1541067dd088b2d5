import { defineSchema, defineTable } from "convex/server";
import { v } from "convex/values";

export default defineSchema({ things: defineTable({ a: v.string() }).index("by_time", ["_creationTime"]) });
