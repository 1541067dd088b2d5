// The audits tables; convex/schema.ts assembles every domain's tables into the schema.
import { defineTable } from "convex/server";
import { auditFields, auditItemFields } from "./tables";

export const auditTables = {
  // One audit (stock-take) of a workspace's location, category or everything.
  audits: defineTable(auditFields)
    // The Audits list, newest first.
    .index("by_workspaceId_and_startedAt", ["workspaceId", "startedAt"])
    // How many audits of a workspace are running (a cap).
    .index("by_workspaceId_and_status", ["workspaceId", "status"]),
  // The expected list, fixed at the start (written in batches), and the items scanned that
  // were not on it. One row per item and audit: two auditors scanning one item count it once.
  auditItems: defineTable(auditItemFields)
    // A scan finds its item's row.
    .index("by_auditId_and_assetId", ["auditId", "assetId"])
    // The lists by result (missing, found, moved, unexpected), by name; the report; finishing's batches.
    .index("by_auditId_and_state_and_name", ["auditId", "state", "name"])
    // The latest scans, newest first.
    .index("by_auditId_and_foundAt", ["auditId", "foundAt"])
    // A sole workspace's erasure and the data export.
    .index("by_workspaceId", ["workspaceId"]),
};
