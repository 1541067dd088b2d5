// The insurance report's table; convex/schema.ts assembles every domain's tables into the schema.
import { defineTable } from "convex/server";
import { v } from "convex/values";
import { moneyValidator } from "../money/currency";
import { locationTotalValidator } from "./rules";

export const reportTables = {
  // A workspace's latest insurance report (one at a time: a new one replaces it, files and all).
  // It names no one: any member who may read the register reads it.
  insuranceReports: defineTable({
    workspaceId: v.id("workspaces"),
    status: v.union(v.literal("running"), v.literal("ready"), v.literal("failed")),
    startedAt: v.number(),
    // A selection's items; absent: the whole workspace.
    assetIds: v.optional(v.array(v.id("assets"))),
    // Items read so far, of `total` (the count when it started).
    processed: v.number(),
    total: v.number(),
    csv: v.optional(v.id("_storage")),
    // The rows as JSON, from which the browser draws the PDF.
    rows: v.optional(v.id("_storage")),
    totals: v.optional(v.object({ items: v.number(), values: v.array(moneyValidator), byLocation: v.array(locationTotalValidator) })),
    finishedAt: v.optional(v.number()),
  }).index("by_workspaceId", ["workspaceId"]),
};
