import { defineSchema, defineTable } from "convex/server";
import { v } from "convex/values";

export default defineSchema({ _things: defineTable({ a: v.string() }) });
