// Warranty and maintenance (issue 28 item 5): an item's plans ("every 6 months", "every
// 10,000 km" on a counter its owner updates) and its log (date, what, cost, files); the
// dashboard's Upcoming list; the hourly reminder sweep (lib/upkeep/reminders.ts).
import { v } from "convex/values";
import type { Doc } from "./_generated/dataModel";
import type { QueryCtx } from "./_generated/server";
import { internal } from "./_generated/api";
import { workspaceMutation, workspaceQuery } from "./lib/access";
import { recordEvent, workspaceAsset } from "./lib/assets/read";
import { appError } from "./lib/errors";
import { isRealDate } from "./lib/assets/fieldValues";
import { internalMutation } from "./lib/writes";
import { forgetOldReminders, remindServices, remindWarranties } from "./lib/upkeep/reminders";
import { addDays, COST_LABEL, dayOf, MAINTAINED_KINDS, NOT_MAINTAINED, lineError, pastDayError, scheduleText, UPCOMING_DAYS, UPCOMING_SHOWN, UPKEEP_LIMITS, UPKEEP_MESSAGES, type Schedule } from "./lib/upkeep/rules";
import { dueOf, logOf, planView, plansOf, purgeLogBatch, workspacePlan } from "./lib/upkeep/store";
import { logEntryViewValidator, planViewValidator, scheduleValidator, upcomingItemValidator, type UpcomingItem } from "./lib/upkeep/tables";
import { moneyError, moneyValidator } from "./lib/money/currency";


async function maintainedAsset(ctx: QueryCtx, assetId: Doc<"assets">["_id"], workspaceId: Doc<"workspaces">["_id"]) {
  const asset = await workspaceAsset(ctx, assetId, workspaceId);
  if (!MAINTAINED_KINDS.includes(asset.kind)) throw appError("INVALID", NOT_MAINTAINED);
  return asset;
}

const wholeError = (n: number, min: number, max: number, bad: string, tooLarge: string) =>
  !Number.isSafeInteger(n) || n < min ? bad : n > max ? tooLarge : undefined;

function scheduleError(s: Schedule): string | undefined {
  const max = s.by === "time" ? UPKEEP_LIMITS.everyTime : UPKEEP_LIMITS.everyCounter;
  const every = wholeError(s.every, 1, max, UPKEEP_MESSAGES.badEvery, UPKEEP_MESSAGES.everyTooLarge(max));
  if (every !== undefined || s.by === "time") return every;
  return lineError(s.unit.trim(), "The counter's unit", UPKEEP_LIMITS.unit, { required: UPKEEP_MESSAGES.unitRequired, tooLong: UPKEEP_MESSAGES.unitTooLong });
}

const readingError = (n: number | undefined) =>
  n === undefined ? undefined : wholeError(n, 0, UPKEEP_LIMITS.reading, UPKEEP_MESSAGES.badReading, UPKEEP_MESSAGES.badReading);

const refuse = (message: string | undefined) => {
  if (message !== undefined) throw appError("INVALID", message);
};

/** An item's plans and its log (newest first); null when it is not the workspace's. */
export const forAsset = workspaceQuery({
  absent: null,
  args: { assetId: v.id("assets") },
  returns: v.union(v.null(), v.object({ plans: v.array(planViewValidator), log: v.array(logEntryViewValidator) })),
  handler: async (ctx, { assetId }) => {
    const asset = await ctx.db.get("assets", assetId);
    if (asset === null || asset.workspaceId !== ctx.workspace._id) return null;
    const plans = await plansOf(ctx, assetId);
    return { plans: plans.map(planView), log: await logOf(ctx, asset, plans) };
  },
});

export const addPlan = workspaceMutation({
  can: "edit",
  args: { assetId: v.id("assets"), title: v.string(), schedule: scheduleValidator, lastOn: v.optional(v.string()), reading: v.optional(v.number()) },
  returns: v.id("maintenancePlans"),
  handler: async (ctx, args) => {
    await maintainedAsset(ctx, args.assetId, ctx.workspace._id);
    const now = Date.now();
    const title = args.title.trim();
    const schedule: Schedule = args.schedule.by === "counter" ? { ...args.schedule, unit: args.schedule.unit.trim() } : args.schedule;
    const lastOn = args.lastOn ?? dayOf(now);
    refuse(lineError(title, "Plan names", UPKEEP_LIMITS.title, { required: UPKEEP_MESSAGES.titleRequired, tooLong: UPKEEP_MESSAGES.titleTooLong }));
    refuse(scheduleError(schedule) ?? pastDayError(lastOn, now) ?? readingError(args.reading));
    if ((await plansOf(ctx, args.assetId)).length >= UPKEEP_LIMITS.plansPerAsset) refuse(UPKEEP_MESSAGES.tooManyPlans);
    const counter = schedule.by === "counter" ? { lastReading: args.reading ?? 0, reading: args.reading ?? 0 } : {};
    const plan = { workspaceId: ctx.workspace._id, assetId: args.assetId, title, schedule, lastOn, ...counter, createdAt: now };
    const planId = await ctx.db.insert("maintenancePlans", { ...plan, dueOn: dueOf(plan, now) });
    await recordEvent(ctx, { assetId: args.assetId, actorId: ctx.user._id, type: "edited", summary: `Maintenance plan added: ${title}, ${scheduleText(schedule).toLowerCase()}` });
    return planId;
  },
});

export const removePlan = workspaceMutation({
  can: "edit",
  args: { planId: v.id("maintenancePlans") },
  returns: v.null(),
  handler: async (ctx, { planId }) => {
    const plan = await workspacePlan(ctx, planId, ctx.workspace._id);
    await ctx.db.delete("maintenancePlans", planId);
    await recordEvent(ctx, { assetId: plan.assetId, actorId: ctx.user._id, type: "edited", summary: `Maintenance plan removed: ${plan.title}` });
    return null;
  },
});

/** A counter plan's new reading ("the odometer says 18,500 km"); reaching the mark makes it due today. */
export const setReading = workspaceMutation({
  can: "edit",
  args: { planId: v.id("maintenancePlans"), reading: v.number() },
  returns: v.null(),
  handler: async (ctx, { planId, reading }) => {
    const plan = await workspacePlan(ctx, planId, ctx.workspace._id);
    if (plan.schedule.by !== "counter") refuse(UPKEEP_MESSAGES.notCounter);
    refuse(readingError(reading));
    const next = { ...plan, reading };
    await ctx.db.patch("maintenancePlans", planId, { reading, dueOn: dueOf(next, Date.now()) });
    return null;
  },
});

/** Work done on an item; done under a plan, the plan starts over from it. */
export const logWork = workspaceMutation({
  can: "edit",
  args: {
    assetId: v.id("assets"),
    doneOn: v.string(),
    what: v.string(),
    cost: v.optional(moneyValidator),
    reading: v.optional(v.number()),
    planId: v.optional(v.id("maintenancePlans")),
    files: v.array(v.id("_storage")),
  },
  returns: v.id("maintenanceLog"),
  handler: async (ctx, args) => {
    const asset = await maintainedAsset(ctx, args.assetId, ctx.workspace._id);
    const now = Date.now();
    const what = args.what.trim();
    refuse(lineError(what, "What was done", UPKEEP_LIMITS.what, { required: UPKEEP_MESSAGES.whatRequired, tooLong: UPKEEP_MESSAGES.whatTooLong }));
    refuse(pastDayError(args.doneOn, now) ?? readingError(args.reading));
    const { cost } = args;
    if (cost !== undefined) refuse(moneyError(COST_LABEL, cost));
    if (args.files.length > UPKEEP_LIMITS.filesPerEntry) refuse(UPKEEP_MESSAGES.tooManyFiles);
    if (!args.files.every((id) => asset.files.some((f) => f.storageId === id))) refuse(UPKEEP_MESSAGES.fileNotOnItem);
    const plan = args.planId === undefined ? null : await workspacePlan(ctx, args.planId, ctx.workspace._id);
    if (plan !== null && plan.assetId !== args.assetId) throw appError("NOT_FOUND", UPKEEP_MESSAGES.planNotFound);
    const { assetId, doneOn, reading, planId } = args;
    const entryId = await ctx.db.insert("maintenanceLog", { assetId, doneOn, what, cost, reading, planId, files: [...new Set(args.files)], at: now });
    if (plan !== null && args.doneOn >= plan.lastOn) {
      const reading = plan.schedule.by === "counter" ? (args.reading ?? plan.reading) : undefined;
      const restarted = { ...plan, lastOn: args.doneOn, lastReading: reading, reading: reading === undefined ? plan.reading : Math.max(reading, plan.reading ?? 0), dueOn: undefined };
      await ctx.db.patch("maintenancePlans", plan._id, { lastOn: restarted.lastOn, lastReading: restarted.lastReading, reading: restarted.reading, dueOn: dueOf(restarted, now) });
    }
    await recordEvent(ctx, { assetId: args.assetId, actorId: ctx.user._id, type: "edited", summary: `Maintenance logged: ${what} (${args.doneOn})` });
    return entryId;
  },
});

export const removeEntry = workspaceMutation({
  can: "edit",
  args: { entryId: v.id("maintenanceLog") },
  returns: v.null(),
  handler: async (ctx, { entryId }) => {
    const entry = await ctx.db.get("maintenanceLog", entryId);
    const asset = entry === null ? null : await ctx.db.get("assets", entry.assetId);
    if (entry === null || asset === null || asset.workspaceId !== ctx.workspace._id) throw appError("NOT_FOUND", UPKEEP_MESSAGES.entryNotFound);
    await ctx.db.delete("maintenanceLog", entryId);
    await recordEvent(ctx, { assetId: entry.assetId, actorId: ctx.user._id, type: "edited", summary: `Maintenance entry removed: ${entry.what} (${entry.doneOn})` });
    return null;
  },
});

/**
 * The dashboard's Upcoming list: warranties ending and services due within UPCOMING_DAYS of
 * `today` (overdue services first), live. The day comes from the screen: a query's result is
 * kept until its data changes, so one reading the clock would still say yesterday's list.
 */
export const upcoming = workspaceQuery({
  absent: null,
  args: { today: v.string() },
  returns: v.union(v.null(), v.array(upcomingItemValidator)),
  handler: async (ctx, { today }) => {
    if (!isRealDate(today)) throw appError("INVALID", UPKEEP_MESSAGES.badDay);
    const workspaceId = ctx.workspace._id;
    const until = addDays(today, UPCOMING_DAYS);
    const [assets, plans] = await Promise.all([
      ctx.db.query("assets").withIndex("by_workspaceId_and_warrantyEnd", (q) => q.eq("workspaceId", workspaceId).gte("details.warrantyEnd", today).lte("details.warrantyEnd", until)).take(UPCOMING_SHOWN),
      // Any due day (an undefined one sorts first and is left out by the lower bound).
      ctx.db.query("maintenancePlans").withIndex("by_workspaceId_and_dueOn", (q) => q.eq("workspaceId", workspaceId).gt("dueOn", "").lte("dueOn", until)).take(UPCOMING_SHOWN),
    ]);
    const items: UpcomingItem[] = assets.flatMap((a) =>
      a.details.kind === "general" && a.details.warrantyEnd !== undefined ? [{ about: "warranty" as const, assetId: a._id, name: a.name, title: "Warranty ends", dueOn: a.details.warrantyEnd }] : [],
    );
    for (const plan of plans) {
      const asset = await ctx.db.get("assets", plan.assetId);
      if (asset !== null && plan.dueOn !== undefined) items.push({ about: "service", assetId: plan.assetId, name: asset.name, title: plan.title, dueOn: plan.dueOn });
    }
    return items.sort((a, b) => a.dueOn.localeCompare(b.dueOn)).slice(0, UPCOMING_SHOWN);
  },
});

const SWEEP_BATCH = 25;

/** The hourly sweep: one page of warranties, then of services, each page in its own transaction. */
export const remind = internalMutation({
  args: { phase: v.optional(v.union(v.literal("warranty"), v.literal("service"), v.literal("forget"))), cursor: v.optional(v.union(v.string(), v.null())) },
  returns: v.null(),
  handler: async (ctx, { phase = "warranty", cursor = null }) => {
    if (phase === "forget") {
      if (await forgetOldReminders(ctx, SWEEP_BATCH * 4)) await ctx.scheduler.runAfter(0, internal.maintenance.remind, { phase });
      return null;
    }
    const next = phase === "warranty" ? await remindWarranties(ctx, cursor, SWEEP_BATCH) : await remindServices(ctx, cursor, SWEEP_BATCH);
    if (next !== null) await ctx.scheduler.runAfter(0, internal.maintenance.remind, { phase, cursor: next });
    else await ctx.scheduler.runAfter(0, internal.maintenance.remind, { phase: phase === "warranty" ? "service" : "forget" });
    return null;
  },
});

/** A deleted item's log, a batch at a time (lib/upkeep/store.ts follows the delete). */
export const purgeLog = internalMutation({
  args: { assetId: v.id("assets") },
  returns: v.null(),
  handler: async (ctx, { assetId }) => {
    if (await purgeLogBatch(ctx, assetId, 200)) await ctx.scheduler.runAfter(0, internal.maintenance.purgeLog, { assetId });
    return null;
  },
});
