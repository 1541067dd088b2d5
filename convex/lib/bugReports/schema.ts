// The bugReports tables; convex/schema.ts assembles every domain's tables into the schema.
import { defineTable } from "convex/server";
import { v } from "convex/values";
import { bugStatusValidator, consoleEntryValidator, statusChangeValidator, viewportValidator } from "./rules";
import { roleValidator } from "../validators";

export const bugReportTables = {
  // Bug reports (issue 6): the widget's reports and their triage. Screenshots live in file storage.
  bugReports: defineTable({
    userId: v.id("users"),
    reporterRole: roleValidator,
    description: v.string(),
    consoleLogs: v.array(consoleEntryValidator),
    screenshotId: v.id("_storage"),
    pageUrl: v.string(),
    userAgent: v.string(),
    viewport: viewportValidator,
    clientTimestamp: v.string(),
    status: bugStatusValidator,
    statusHistory: v.array(statusChangeValidator),
    updatedAt: v.number(),
  })
    // /bug-reports and /moderator filtered by status, newest first.
    .index("by_status", ["status"])
    // 'My bug reports' newest first; the hourly limit counts the last hour's.
    .index("by_userId", ["userId"]),
};
