// Bug reports: recorded by the /submit-bug-report HTTP action (lib/bugReports/http.ts),
// triaged live on /bug-reports and /moderator, followed by reporters on /profile.
import { paginationOptsValidator, paginationResultValidator } from "convex/server";
import { pick } from "convex-helpers";
import { systemFields } from "convex-helpers/validators";
import { v } from "convex/values";
import type { Doc, Id } from "./_generated/dataModel";
import { internalQuery, type QueryCtx } from "./_generated/server";
import { internalMutation } from "./lib/writes";
import { triageMutation, triageQuery, userQuery } from "./lib/access";
import {
  BUG_REPORT_MESSAGES as M,
  bugReportFields,
  bugStatusValidator,
  canTransition,
  consoleEntryValidator,
  LIST_PREVIEW_CHARS,
  MAX_NOTE_CHARS,
  STATUS_HISTORY_LIMIT,
  viewportValidator,
} from "./lib/bugReports/rules";
import { appError } from "./lib/errors";
import { peekSlot, takeSlot } from "./lib/limits";
import { FORMER_MEMBER, isErased } from "./lib/privacy/rules";
import { roleValidator } from "./lib/validators";

const personValidator = v.object({
  _id: v.id("users"),
  name: v.union(v.string(), v.null()),
  email: v.union(v.string(), v.null()),
});

// The views pick their fields from the table definition (lib/bugReports/rules.ts).
const reportId = systemFields("bugReports");

const summaryValidator = v.object({
  ...reportId,
  ...pick(bugReportFields, ["description", "status", "pageUrl", "updatedAt"]),
  screenshotUrl: v.union(v.string(), v.null()),
  reporter: personValidator,
});

const detailValidator = v.object({
  ...reportId,
  ...pick(bugReportFields, ["description", "status", "pageUrl", "userAgent", "viewport", "clientTimestamp", "consoleLogs"]),
  screenshotUrl: v.union(v.string(), v.null()),
  reporter: v.object({ ...personValidator.fields, role: roleValidator }),
  history: v.array(
    v.object({ status: bugStatusValidator, at: v.number(), note: v.union(v.string(), v.null()), by: personValidator }),
  ),
});

const mineValidator = v.object({
  ...reportId,
  ...pick(bugReportFields, ["description", "status", "pageUrl", "updatedAt"]),
  latestNote: v.union(v.string(), v.null()),
});

async function person(ctx: QueryCtx, userId: Id<"users">) {
  const user = await ctx.db.get("users", userId);
  return { _id: userId, name: isErased(user) ? FORMER_MEMBER : (user?.fullName ?? user?.name ?? null), email: user?.email ?? user?.phone ?? null };
}

const preview = (text: string) => (text.length > LIST_PREVIEW_CHARS ? `${text.slice(0, LIST_PREVIEW_CHARS)}…` : text);

async function summary(ctx: QueryCtx, report: Doc<"bugReports">) {
  return {
    _id: report._id,
    _creationTime: report._creationTime,
    description: preview(report.description),
    status: report.status,
    pageUrl: report.pageUrl,
    screenshotUrl: await ctx.storage.getUrl(report.screenshotId),
    reporter: await person(ctx, report.userId),
    updatedAt: report.updatedAt,
  };
}

/** Triage list, newest first, optionally one status. */
export const list = triageQuery({
  args: { paginationOpts: paginationOptsValidator, status: v.optional(bugStatusValidator) },
  returns: paginationResultValidator(summaryValidator),
  handler: async (ctx, { paginationOpts, status }) => {
    const source =
      status === undefined
        ? ctx.db.query("bugReports")
        : ctx.db.query("bugReports").withIndex("by_status", (q) => q.eq("status", status));
    const page = await source.order("desc").paginate(paginationOpts);
    return { ...page, page: await Promise.all(page.page.map((r) => summary(ctx, r))) };
  },
});

export const get = triageQuery({
  args: { id: v.id("bugReports") },
  returns: v.union(v.null(), detailValidator),
  handler: async (ctx, { id }) => {
    const report = await ctx.db.get("bugReports", id);
    if (report === null) return null;
    return {
      _id: report._id,
      _creationTime: report._creationTime,
      description: report.description,
      status: report.status,
      pageUrl: report.pageUrl,
      userAgent: report.userAgent,
      viewport: report.viewport,
      clientTimestamp: report.clientTimestamp,
      consoleLogs: report.consoleLogs,
      screenshotUrl: await ctx.storage.getUrl(report.screenshotId),
      reporter: { ...(await person(ctx, report.userId)), role: report.reporterRole },
      history: await Promise.all(
        report.statusHistory.map(async (h) => ({ status: h.status, at: h.at, note: h.note ?? null, by: await person(ctx, h.by) })),
      ),
    };
  },
});

/** Moves a report along the workflow, recording who, when and an optional note. */
export const setStatus = triageMutation({
  args: { id: v.id("bugReports"), status: bugStatusValidator, note: v.optional(v.string()) },
  returns: v.null(),
  handler: async (ctx, { id, status, note }) => {
    const report = await ctx.db.get("bugReports", id);
    if (report === null) throw appError("NOT_FOUND", M.notFound);
    if (!canTransition(report.status, status)) throw appError("INVALID", M.badTransition);
    const trimmed = note?.trim() ?? "";
    if (trimmed.length > MAX_NOTE_CHARS) throw appError("INVALID", M.noteTooLong);
    const now = Date.now();
    const change = { status, by: ctx.user._id, at: now, ...(trimmed === "" ? {} : { note: trimmed }) };
    await ctx.db.patch("bugReports", id, {
      status,
      updatedAt: now,
      statusHistory: [...report.statusHistory, change].slice(-STATUS_HISTORY_LIMIT),
    });
    return null;
  },
});

/** The signed-in user's own reports, newest first, with their status live. */
export const mine = userQuery({
  args: { paginationOpts: paginationOptsValidator },
  returns: paginationResultValidator(mineValidator),
  handler: async (ctx, { paginationOpts }) => {
    const page = await ctx.db
      .query("bugReports")
      .withIndex("by_userId", (q) => q.eq("userId", ctx.user._id))
      .order("desc")
      .paginate(paginationOpts);
    return {
      ...page,
      page: page.page.map((r) => ({
        _id: r._id,
        _creationTime: r._creationTime,
        description: preview(r.description),
        status: r.status,
        pageUrl: r.pageUrl,
        updatedAt: r.updatedAt,
        latestNote: r.statusHistory.findLast((h) => h.note !== undefined)?.note ?? null,
      })),
    };
  },
});

const limitedValidator = v.object({ retryAfterMs: v.number() });

/**
 * The reporter, or null when the token names no user; and, when the hourly limit is
 * reached, when the next report is allowed (checked before the upload is read).
 */
export const submitter = internalQuery({
  args: { userId: v.id("users") },
  returns: v.union(v.null(), v.object({ role: roleValidator, retryAfterMs: v.union(v.number(), v.null()) })),
  handler: async (ctx, { userId }) => {
    const user = await ctx.db.get("users", userId);
    if (user === null) return null;
    const slot = await peekSlot(ctx, "bugReport", userId);
    return { role: user.role ?? "influencer", retryAfterMs: slot.ok ? null : slot.retryAfterMs };
  },
});

export const record = internalMutation({
  args: {
    userId: v.id("users"),
    description: v.string(),
    consoleLogs: v.array(consoleEntryValidator),
    screenshotId: v.id("_storage"),
    pageUrl: v.string(),
    userAgent: v.string(),
    viewport: viewportValidator,
    clientTimestamp: v.string(),
  },
  returns: v.union(v.object({ id: v.id("bugReports") }), limitedValidator, v.null()),
  handler: async (ctx, args): Promise<{ id: Id<"bugReports"> } | typeof limitedValidator.type | null> => {
    const user = await ctx.db.get("users", args.userId);
    if (user === null) return null;
    // Taken here, with the write: two requests may pass the action's check at once.
    const slot = await takeSlot(ctx, "bugReport", args.userId);
    if (!slot.ok) return { retryAfterMs: slot.retryAfterMs };
    const now = Date.now();
    const id = await ctx.db.insert("bugReports", {
      ...args,
      reporterRole: user.role ?? "influencer",
      status: "open",
      statusHistory: [{ status: "open", by: args.userId, at: now }],
      updatedAt: now,
    });
    return { id };
  },
});
