import { defineSchema, defineTable } from "convex/server";
import { v } from "convex/values";

export default defineSchema({ marks: defineTable({ name: v.string() }).index("by_name", ["name"]) });
