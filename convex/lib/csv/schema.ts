// The csv tables; convex/schema.ts assembles every domain's tables into the schema.
import { defineTable } from "convex/server";
import { v } from "convex/values";
import { importJobFields } from "../legacy/tables";

export const importTables = {
  importJobs: defineTable(importJobFields)
    // /business-dashboard: the latest import's live progress.
    .index("by_ownerId_and_createdAt", ["ownerId", "createdAt"]),
  importItems: defineTable({ jobId: v.id("importJobs"), assetId: v.id("assets") })
    // Rolling back a failed import.
    .index("by_jobId", ["jobId"]),
};
