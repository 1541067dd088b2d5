// Maintenance plans, the log and sent reminders: field shapes shared by schema, args and returns.
import { literals } from "convex-helpers/validators";
import { v, type Infer } from "convex/values";
import { moneyValidator } from "../money/currency";
import { PLAN_PERIODS } from "./rules";

export const scheduleValidator = v.union(
  v.object({ by: v.literal("time"), every: v.number(), period: literals(...PLAN_PERIODS) }),
  v.object({ by: v.literal("counter"), every: v.number(), unit: v.string() }),
);

export const planFields = {
  workspaceId: v.id("workspaces"),
  assetId: v.id("assets"),
  title: v.string(),
  schedule: scheduleValidator,
  // The last time it was done (or the plan began): the day, and the counter then.
  lastOn: v.string(),
  lastReading: v.optional(v.number()),
  // A counter plan's latest reading, as the owner last entered it.
  reading: v.optional(v.number()),
  // When it falls due: a time plan's next day; a counter plan's the day its reading reached the mark.
  dueOn: v.optional(v.string()),
  createdAt: v.number(),
};

export const logEntryFields = {
  assetId: v.id("assets"),
  planId: v.optional(v.id("maintenancePlans")),
  doneOn: v.string(),
  what: v.string(),
  cost: v.optional(moneyValidator),
  reading: v.optional(v.number()),
  // Files of the item (its invoices, receipts) this work is documented by.
  files: v.array(v.id("_storage")),
  at: v.number(),
};

const reminderAboutValidator = literals("warranty", "service");
export const reminderFields = {
  workspaceId: v.id("workspaces"),
  assetId: v.id("assets"),
  // What was reminded, once per workspace: "warranty:<asset>:<end>" or "service:<plan>:<due day>".
  key: v.string(),
  about: reminderAboutValidator,
  title: v.string(),
  dueOn: v.string(),
  sentAt: v.number(),
};

export const planViewValidator = v.object({
  _id: v.id("maintenancePlans"),
  title: v.string(),
  schedule: scheduleValidator,
  lastOn: v.string(),
  lastReading: v.union(v.number(), v.null()),
  reading: v.union(v.number(), v.null()),
  dueOn: v.union(v.string(), v.null()),
  /** A counter plan's next mark. */
  dueReading: v.union(v.number(), v.null()),
});
export type PlanView = Infer<typeof planViewValidator>;

export const logEntryViewValidator = v.object({
  _id: v.id("maintenanceLog"),
  doneOn: v.string(),
  what: v.string(),
  cost: v.union(moneyValidator, v.null()),
  reading: v.union(v.number(), v.null()),
  plan: v.union(v.string(), v.null()),
  files: v.array(v.object({ storageId: v.id("_storage"), name: v.string(), url: v.union(v.string(), v.null()) })),
});
export type LogEntryView = Infer<typeof logEntryViewValidator>;

export const upcomingItemValidator = v.object({
  about: reminderAboutValidator,
  assetId: v.id("assets"),
  name: v.string(),
  title: v.string(),
  dueOn: v.string(),
});
export type UpcomingItem = Infer<typeof upcomingItemValidator>;
