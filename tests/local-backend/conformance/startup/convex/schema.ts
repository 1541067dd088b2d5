import { defineSchema, defineTable } from "convex/server";
import { v } from "convex/values";

export default defineSchema({ ran: defineTable({ label: v.string() }) });
