// The warranty and maintenance tables; convex/schema.ts assembles every domain's tables.
import { defineTable } from "convex/server";
import { logEntryFields, planFields, reminderFields } from "./tables";

export const upkeepTables = {
  // "Service every 6 months", "every 10,000 km": an item's plans, each with when it is next due.
  maintenancePlans: defineTable(planFields)
    // An item's plans (its page; at most UPKEEP_LIMITS.plansPerAsset).
    .index("by_assetId", ["assetId"])
    // The dashboard's Upcoming list: a workspace's plans soonest due first.
    .index("by_workspaceId_and_dueOn", ["workspaceId", "dueOn"])
    // The reminder sweep: every plan falling due within the notice window.
    .index("by_dueOn", ["dueOn"]),
  // What was done to an item, when, for how much, documented by which of its files.
  maintenanceLog: defineTable(logEntryFields)
    // An item's log, newest first.
    .index("by_assetId_and_doneOn", ["assetId", "doneOn"]),
  // Reminders sent, one per warranty end or service due day: the sweep's "once", and the dashboard's activity.
  upkeepReminders: defineTable(reminderFields)
    // Sent already to this workspace? (An item's new owner is reminded in their turn.)
    .index("by_key_and_workspaceId", ["key", "workspaceId"])
    // The dashboard's recent activity.
    .index("by_workspaceId_and_sentAt", ["workspaceId", "sentAt"])
    // Forgetting reminders long past their day.
    .index("by_dueOn", ["dueOn"]),
};
