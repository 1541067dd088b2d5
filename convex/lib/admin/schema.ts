// The admin tables; convex/schema.ts assembles every domain's tables into the schema.
import { defineTable } from "convex/server";
import { businessRequestFields } from "./rules";

export const businessRequestTables = {
  // Business upgrade requests (issues 8 and 9): asked on /business-upgrade, decided in /admin.
  businessRequests: defineTable(businessRequestFields)
    // The requester's latest request on /business-upgrade.
    .index("by_userId_and_createdAt", ["userId", "createdAt"])
    // /admin: pending requests, oldest first; recently decided ones.
    .index("by_status_and_createdAt", ["status", "createdAt"]),
};
