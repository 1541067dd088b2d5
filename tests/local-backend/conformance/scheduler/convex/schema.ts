import { defineSchema, defineTable } from "convex/server";
import { v } from "convex/values";

export default defineSchema({ marks: defineTable({ by: v.string() }) });
