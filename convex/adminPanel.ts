// /admin: users with search and pagination, counts and the audit log.
// Every role or flag change goes through admin.setUserAccess (audited, never on oneself).
import { paginationOptsValidator, paginationResultValidator } from "convex/server";
import { v } from "convex/values";
import type { Doc, Id, TableNames } from "./_generated/dataModel";
import type { QueryCtx } from "./_generated/server";
import { adminQuery } from "./lib/access";
import {
  ADMIN_COUNT_CAP,
  ADMIN_PANEL_MESSAGES,
  adminUserRowValidator,
  auditRowValidator,
  countValidator,
  USER_SEARCH_MAX,
  type AdminUserRow,
} from "./lib/admin/rules";
import { appError } from "./lib/errors";
import { effectiveRole } from "./lib/roles";

function toRow(u: Doc<"users">): AdminUserRow {
  return {
    _id: u._id,
    _creationTime: u._creationTime,
    email: u.email ?? null,
    phone: u.phone ?? null,
    fullName: u.fullName ?? null,
    role: effectiveRole(u),
    isBusinessUser: u.isBusinessUser === true,
    isAdminInfluencer: u.isAdminInfluencer === true,
    lastActiveAt: u.lastActiveAt ?? null,
  };
}

/** Newest first; with `search`, users whose email starts with it (emails are stored lowercase). */
export const listUsers = adminQuery({
  args: { search: v.string(), paginationOpts: paginationOptsValidator },
  returns: paginationResultValidator(adminUserRowValidator),
  handler: async (ctx, { search, paginationOpts }) => {
    const prefix = search.trim().toLowerCase();
    if (prefix.length > USER_SEARCH_MAX) throw appError("INVALID", ADMIN_PANEL_MESSAGES.searchTooLong);
    const users =
      prefix === ""
        ? ctx.db.query("users").order("desc")
        : ctx.db
            .query("users")
            // Email prefix range on Convex Auth's email index.
            .withIndex("email", (q) => q.gte("email", prefix).lt("email", `${prefix}\uffff`));
    const result = await users.paginate(paginationOpts);
    return { ...result, page: result.page.map(toRow) };
  },
});

// Counts stop at ADMIN_COUNT_CAP so the live query stays bounded; `capped` says "1000+".
async function bounded(ctx: QueryCtx, table: TableNames) {
  const count = (await ctx.db.query(table).take(ADMIN_COUNT_CAP + 1)).length;
  return { count: Math.min(count, ADMIN_COUNT_CAP), capped: count > ADMIN_COUNT_CAP };
}

export const counts = adminQuery({
  args: {},
  returns: v.object({
    users: countValidator,
    assets: countValidator,
    bugReports: countValidator,
    articles: countValidator,
    pendingRequests: countValidator,
  }),
  handler: async (ctx) => {
    const pending = await ctx.db
      .query("businessRequests")
      .withIndex("by_status_and_createdAt", (q) => q.eq("status", "pending"))
      .take(ADMIN_COUNT_CAP + 1);
    return {
      users: await bounded(ctx, "users"),
      assets: await bounded(ctx, "assets"),
      bugReports: await bounded(ctx, "bugReports"),
      articles: await bounded(ctx, "articles"),
      pendingRequests: { count: Math.min(pending.length, ADMIN_COUNT_CAP), capped: pending.length > ADMIN_COUNT_CAP },
    };
  },
});

/** admin.listAuditLog with the actor's and target's names, for the panel. */
export const auditLog = adminQuery({
  args: { paginationOpts: paginationOptsValidator },
  returns: paginationResultValidator(auditRowValidator),
  handler: async (ctx, { paginationOpts }) => {
    const result = await ctx.db.query("auditLog").order("desc").paginate(paginationOpts);
    const names = new Map<Id<"users">, string | null>();
    const nameOf = async (id: Id<"users">) => {
      if (!names.has(id)) {
        const u = await ctx.db.get("users", id);
        names.set(id, u?.email ?? u?.phone ?? u?.fullName ?? null);
      }
      return names.get(id) ?? null;
    };
    const page = [];
    for (const e of result.page) {
      page.push({
        _id: e._id,
        _creationTime: e._creationTime,
        actor: await nameOf(e.actorId),
        target: await nameOf(e.targetId),
        changes: e.changes,
      });
    }
    return { ...result, page };
  },
});
