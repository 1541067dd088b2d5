// The verify tables; convex/schema.ts assembles every domain's tables into the schema.
import { defineTable } from "convex/server";
import { v } from "convex/values";
import { foundReportFields, verifyAlertFields } from "./tables";

export const verifyTables = {
  // Verify page: a live alert for the owner on every (rate-limited) visit, and finders' messages.
  verifyAlerts: defineTable(verifyAlertFields)
    // The workspace's alerts panel and toast, newest first.
    .index("by_workspaceId_and_at", ["workspaceId", "at"]),
  foundReports: defineTable(foundReportFields)
    // The workspace's found reports on /dashboard, newest first.
    .index("by_workspaceId_and_at", ["workspaceId", "at"]),
  // Each time an asset is marked stolen: when and where (the owner's word), the police report.
  stolenReports: defineTable({
    assetId: v.id("assets"),
    // The workspace that held the asset when it was reported (optional like the asset's own): its
    // period in the owner chain. It follows the asset out of a closing workspace, as the period
    // does (lib/workspaces/closing.ts); a sale leaves it with the seller, who reported it.
    workspaceId: v.optional(v.id("workspaces")),
    reportedBy: v.id("users"),
    reportedAt: v.number(),
    stolenAt: v.optional(v.number()),
    place: v.optional(v.string()),
    policeReport: v.optional(v.string()),
  })
    // The current report (newest) of an asset; the asset's deletion purges them.
    .index("by_assetId_and_reportedAt", ["assetId", "reportedAt"]),
};
