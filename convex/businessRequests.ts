// Business upgrade: members ask on /business-upgrade, admins
// grant or decline in /admin. Granting goes through admin.applyUserAccess (audited).
import { v } from "convex/values";
import type { Doc, Id } from "./_generated/dataModel";
import type { QueryCtx } from "./_generated/server";
import { applyUserAccess } from "./admin";
import { adminMutation, adminQuery, viewerQuery, userMutation } from "./lib/access";
import {
  ADMIN_PANEL_MESSAGES,
  BUSINESS_REQUEST_NOTE_MAX,
  BUSINESS_REQUESTS_LIST_LIMIT,
  businessRequestRowValidator,
  myBusinessRequestValidator,
  type BusinessRequestRow,
} from "./lib/admin/rules";
import { appError, MESSAGES } from "./lib/errors";
import { isBusiness } from "./lib/roles";

async function latestOf(ctx: QueryCtx, userId: Id<"users">) {
  return await ctx.db
    .query("businessRequests")
    .withIndex("by_userId_and_createdAt", (q) => q.eq("userId", userId))
    .order("desc")
    .first();
}

/** The viewer's latest request; null for visitors and for members who never asked. */
export const mine = viewerQuery({
  signedOut: null,
  args: {},
  returns: v.union(v.null(), myBusinessRequestValidator),
  handler: async (ctx) => {
    const r = await latestOf(ctx, ctx.user._id);
    if (r === null) return null;
    return { _id: r._id, status: r.status, note: r.note, createdAt: r.createdAt, decidedAt: r.decidedAt ?? null };
  },
});

export const request = userMutation({
  args: { note: v.string() },
  returns: v.id("businessRequests"),
  handler: async (ctx, args) => {
    const note = args.note.trim();
    if (note.length > BUSINESS_REQUEST_NOTE_MAX) throw appError("INVALID", ADMIN_PANEL_MESSAGES.noteTooLong);
    // FORBIDDEN: the upgrade is not for accounts that already have it.
    if (isBusiness(ctx.user)) throw appError("FORBIDDEN", ADMIN_PANEL_MESSAGES.alreadyBusiness);
    const latest = await latestOf(ctx, ctx.user._id);
    if (latest?.status === "pending") throw appError("INVALID", ADMIN_PANEL_MESSAGES.alreadyPending);
    return await ctx.db.insert("businessRequests", {
      userId: ctx.user._id,
      status: "pending",
      note,
      createdAt: Date.now(),
    });
  },
});

async function row(ctx: QueryCtx, r: Doc<"businessRequests">): Promise<BusinessRequestRow> {
  const user = await ctx.db.get("users", r.userId);
  return {
    _id: r._id,
    userId: r.userId,
    email: user?.email ?? null,
    fullName: user?.fullName ?? null,
    status: r.status,
    note: r.note,
    createdAt: r.createdAt,
    decidedAt: r.decidedAt ?? null,
  };
}

/** /admin: pending requests oldest first, and the latest decided ones. */
export const list = adminQuery({
  args: {},
  returns: v.object({ pending: v.array(businessRequestRowValidator), decided: v.array(businessRequestRowValidator) }),
  handler: async (ctx) => {
    const pending = await ctx.db
      .query("businessRequests")
      .withIndex("by_status_and_createdAt", (q) => q.eq("status", "pending"))
      .take(BUSINESS_REQUESTS_LIST_LIMIT);
    const recent = async (status: "granted" | "declined") =>
      await ctx.db
        .query("businessRequests")
        .withIndex("by_status_and_createdAt", (q) => q.eq("status", status))
        .order("desc")
        .take(10);
    const decided = [...(await recent("granted")), ...(await recent("declined"))]
      .sort((a, b) => (b.decidedAt ?? 0) - (a.decidedAt ?? 0))
      .slice(0, 10);
    return {
      pending: await Promise.all(pending.map((r) => row(ctx, r))),
      decided: await Promise.all(decided.map((r) => row(ctx, r))),
    };
  },
});

export const decide = adminMutation({
  args: { requestId: v.id("businessRequests"), grant: v.boolean() },
  returns: v.null(),
  handler: async (ctx, { requestId, grant }) => {
    const r = await ctx.db.get("businessRequests", requestId);
    if (r === null) throw appError("NOT_FOUND", ADMIN_PANEL_MESSAGES.requestNotFound);
    if (r.status !== "pending") throw appError("INVALID", ADMIN_PANEL_MESSAGES.alreadyDecided);
    // Nobody decides on their own access, granted or declined.
    if (r.userId === ctx.user._id) throw appError("FORBIDDEN", MESSAGES.selfAccessChange);
    if (grant) await applyUserAccess(ctx, ctx.user, r.userId, { isBusinessUser: true });
    await ctx.db.patch("businessRequests", r._id, {
      status: grant ? "granted" : "declined",
      decidedAt: Date.now(),
      decidedBy: ctx.user._id,
    });
    return null;
  },
});
