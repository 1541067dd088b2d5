// The csv tables; convex/schema.ts assembles every domain's tables into the schema.
import { defineTable } from "convex/server";
import { v } from "convex/values";
import { assetBeforeValidator, importJobFields } from "./tables";

export const importTables = {
  importJobs: defineTable(importJobFields)
    // /business-dashboard: the latest import's live progress; one running import per workspace.
    .index("by_workspaceId_and_createdAt", ["workspaceId", "createdAt"]),
  // One small row per batch applied: the live progress figure, and what makes a retried batch a no-op.
  importBatches: defineTable({ jobId: v.id("importJobs"), index: v.number(), applied: v.number() })
    .index("by_jobId_and_index", ["jobId", "index"]),
  // What a batch wrote, for a rollback: assets created, and updated assets' fields before.
  importUndo: defineTable({
    jobId: v.id("importJobs"),
    index: v.number(),
    created: v.array(v.id("assets")),
    updated: v.array(v.object({ assetId: v.id("assets"), before: assetBeforeValidator })),
  }).index("by_jobId", ["jobId"]),
};
