// The verify tables; convex/schema.ts assembles every domain's tables into the schema.
import { defineTable } from "convex/server";
import { foundReportFields, verifyAlertFields } from "./tables";

export const verifyTables = {
  // Verify page: a live alert for the owner on every (rate-limited) visit, and finders' messages.
  verifyAlerts: defineTable(verifyAlertFields)
    // The workspace's alerts panel and toast, newest first.
    .index("by_workspaceId_and_at", ["workspaceId", "at"]),
  foundReports: defineTable(foundReportFields)
    // The workspace's found reports on /dashboard, newest first.
    .index("by_workspaceId_and_at", ["workspaceId", "at"]),
};
