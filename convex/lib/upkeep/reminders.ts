// The reminder sweep (hourly, convex/crons.ts): warranties ending within a month and services
// due within a week, each reminded once (a row per warranty end or due day, looked up by its
// key) by e-mail to the workspace's owners and admins and in the app (the dashboard's activity).
import type { Doc, Id } from "../../_generated/dataModel";
import type { MutationCtx } from "../../_generated/server";
import { sendEmail } from "../outbound";
import { addDays, dayOf, OVERDUE_WINDOW_DAYS, REMINDER_TEXTS, SERVICE_NOTICE_DAYS, WARRANTY_NOTICE_DAYS } from "./rules";

/** People of a workspace who hear about its items by e-mail: owners and admins, each once. */
async function recipients(ctx: MutationCtx, workspaceId: Id<"workspaces">): Promise<string[]> {
  const members = [
    ...(await ctx.db.query("workspaceMembers").withIndex("by_workspaceId_and_role", (q) => q.eq("workspaceId", workspaceId).eq("role", "owner")).take(10)),
    ...(await ctx.db.query("workspaceMembers").withIndex("by_workspaceId_and_role", (q) => q.eq("workspaceId", workspaceId).eq("role", "admin")).take(10)),
  ];
  const users = await Promise.all(members.map((m) => ctx.db.get("users", m.userId)));
  return [...new Set(users.flatMap((u) => (u?.email && u.deletedAt === undefined ? [u.email] : [])))];
}

type Reminder = Omit<Doc<"upkeepReminders">, "_id" | "_creationTime" | "sentAt"> & { subject: string; body: string };

/** Sends `reminder` unless its key was reminded already; true when it was sent now. */
async function remindOnce(ctx: MutationCtx, reminder: Reminder): Promise<boolean> {
  const sent = await ctx.db
    .query("upkeepReminders")
    .withIndex("by_key_and_workspaceId", (q) => q.eq("key", reminder.key).eq("workspaceId", reminder.workspaceId))
    .first();
  if (sent !== null) return false;
  const { subject, body, ...row } = reminder;
  await ctx.db.insert("upkeepReminders", { ...row, sentAt: Date.now() });
  for (const to of await recipients(ctx, reminder.workspaceId)) await sendEmail(ctx, { to, subject, body });
  return true;
}

const workspaceName = async (ctx: MutationCtx, id: Id<"workspaces">) => (await ctx.db.get("workspaces", id))?.name ?? "";

/** One page of warranties ending within the notice window; the next page's cursor, or null when done. */
export async function remindWarranties(ctx: MutationCtx, cursor: string | null, batch: number): Promise<string | null> {
  const today = dayOf(Date.now());
  const page = await ctx.db
    .query("assets")
    .withIndex("by_warrantyEnd", (q) => q.gte("details.warrantyEnd", today).lte("details.warrantyEnd", addDays(today, WARRANTY_NOTICE_DAYS)))
    .paginate({ numItems: batch, cursor });
  for (const asset of page.page) {
    const end = asset.details.kind === "general" ? asset.details.warrantyEnd : undefined;
    if (end === undefined || asset.workspaceId === undefined || asset.status === "transferred") continue;
    await remindOnce(ctx, {
      workspaceId: asset.workspaceId,
      assetId: asset._id,
      key: `warranty:${asset._id}:${end}`,
      about: "warranty",
      title: asset.name,
      dueOn: end,
      subject: REMINDER_TEXTS.warrantySubject(asset.name),
      body: REMINDER_TEXTS.warrantyBody(asset.name, end, await workspaceName(ctx, asset.workspaceId)),
    });
  }
  return page.isDone ? null : page.continueCursor;
}

/** One page of services due within the notice window (or overdue, not long); the next cursor, or null. */
export async function remindServices(ctx: MutationCtx, cursor: string | null, batch: number): Promise<string | null> {
  const today = dayOf(Date.now());
  const page = await ctx.db
    .query("maintenancePlans")
    .withIndex("by_dueOn", (q) => q.gte("dueOn", addDays(today, -OVERDUE_WINDOW_DAYS)).lte("dueOn", addDays(today, SERVICE_NOTICE_DAYS)))
    .paginate({ numItems: batch, cursor });
  for (const plan of page.page) {
    const asset = await ctx.db.get("assets", plan.assetId);
    if (asset === null || plan.dueOn === undefined) continue;
    const due = plan.dueOn <= today ? "now" : `on ${plan.dueOn}`;
    await remindOnce(ctx, {
      workspaceId: plan.workspaceId,
      assetId: plan.assetId,
      key: `service:${plan._id}:${plan.dueOn}`,
      about: "service",
      title: `${plan.title}: ${asset.name}`,
      dueOn: plan.dueOn,
      subject: REMINDER_TEXTS.serviceSubject(plan.title, asset.name),
      body: REMINDER_TEXTS.serviceBody(plan.title, asset.name, due, await workspaceName(ctx, plan.workspaceId)),
    });
  }
  return page.isDone ? null : page.continueCursor;
}

/** Reminder rows whose day is long past (their key can no longer come round): one batch; true while more are left. */
export async function forgetOldReminders(ctx: MutationCtx, batch: number): Promise<boolean> {
  const before = addDays(dayOf(Date.now()), -2 * OVERDUE_WINDOW_DAYS);
  const rows = await ctx.db.query("upkeepReminders").withIndex("by_dueOn", (q) => q.lt("dueOn", before)).take(batch);
  for (const row of rows) await ctx.db.delete("upkeepReminders", row._id);
  return rows.length === batch;
}
