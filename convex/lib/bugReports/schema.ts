// The bugReports tables; convex/schema.ts assembles every domain's tables into the schema.
import { defineTable } from "convex/server";
import { bugReportFields } from "./rules";

export const bugReportTables = {
  // Bug reports: the widget's reports and their triage. Screenshots live in file storage.
  bugReports: defineTable(bugReportFields)
    // /bug-reports and /moderator filtered by status, newest first.
    .index("by_status", ["status"])
    // 'My bug reports' newest first; the hourly limit counts the last hour's.
    .index("by_userId", ["userId"]),
};
