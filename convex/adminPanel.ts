// /admin: users with search and pagination, counts and the audit log.
// Every role or flag change goes through admin.setUserAccess (audited, never on oneself).
import { paginationOptsValidator, paginationResultValidator } from "convex/server";
import { v } from "convex/values";
import type { Doc, Id } from "./_generated/dataModel";
import { adminQuery } from "./lib/access";
import {
  articlesByState,
  assetsByVisibility,
  bugReportsByStatus,
  businessRequestsByStatus,
  usersByEmail,
} from "./lib/counts/aggregates";
import {
  ADMIN_PANEL_MESSAGES,
  adminUserRowValidator,
  auditRowValidator,
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

/** Exact totals, each one read of its aggregate (lib/counts/aggregates.ts). */
export const counts = adminQuery({
  args: {},
  returns: v.object({
    users: v.number(),
    assets: v.number(),
    bugReports: v.number(),
    articles: v.number(),
    pendingRequests: v.number(),
  }),
  handler: async (ctx) => {
    const [users, assets, bugReports, articles, pendingRequests] = await Promise.all([
      usersByEmail.count(ctx),
      assetsByVisibility.count(ctx),
      bugReportsByStatus.count(ctx),
      articlesByState.count(ctx),
      businessRequestsByStatus.count(ctx, { bounds: { eq: "pending" } }),
    ]);
    return { users, assets, bugReports, articles, pendingRequests };
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
