import { defineSchema, defineTable } from "convex/server";
import { v } from "convex/values";

export default defineSchema({ entries: defineTable({ amount: v.number() }) });
