import { defineSchema, defineTable } from "convex/server";
import { v } from "convex/values";

export default defineSchema({ ticks: defineTable({ at: v.number() }) });
