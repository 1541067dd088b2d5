// /admin: users with search and pagination, counts and the audit log.
// Every role or flag change goes through admin.setUserAccess (audited, never on oneself).
import { paginationOptsValidator, paginationResultValidator } from "convex/server";
import { v } from "convex/values";
import type { Doc, Id } from "./_generated/dataModel";
import type { QueryCtx } from "./_generated/server";
import { BULK_BATCH, BULK_MESSAGES, IDS_PAGE } from "./lib/assets/bulk";
import { adminQuery } from "./lib/access";
import {
  articlesByState,
  bugReportsByStatus,
  businessRequestsByStatus,
  usersByEmail,
} from "./lib/counts/aggregates";
import { countAllAssets } from "./lib/counts/assetCounts";
import {
  ADMIN_PANEL_MESSAGES,
  adminUserRowValidator,
  auditRowValidator,
  USER_SEARCH_MAX,
  userSortValidator,
  type AdminUserRow,
  type UserSort,
} from "./lib/admin/rules";
import { appError } from "./lib/errors";
import { FORMER_MEMBER, isErased } from "./lib/privacy/rules";
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
    erased: isErased(u),
  };
}

function usersQuery(ctx: QueryCtx, search: string, sort: UserSort | undefined) {
  const prefix = search.trim().toLowerCase();
  if (prefix.length > USER_SEARCH_MAX) throw appError("INVALID", ADMIN_PANEL_MESSAGES.searchTooLong);
  const order = sort === "oldest" || sort === "email" ? "asc" : "desc";
  if (prefix === "" && (sort === undefined || sort === "newest" || sort === "oldest")) return ctx.db.query("users").order(order);
  // Email order, or an email prefix range, on Convex Auth's email index (emails are stored lowercase).
  return ctx.db
    .query("users")
    .withIndex("email", (q) => (prefix === "" ? q : q.gte("email", prefix).lt("email", `${prefix}\uffff`)))
    .order(prefix !== "" && sort !== "email_desc" ? "asc" : order);
}

const listArgs = { search: v.string(), sort: v.optional(userSortValidator) };

/** Newest first by default, or by email; with `search`, users whose email starts with it, by email. */
export const listUsers = adminQuery({
  args: { ...listArgs, paginationOpts: paginationOptsValidator },
  returns: paginationResultValidator(adminUserRowValidator),
  handler: async (ctx, { search, sort, paginationOpts }) => {
    const result = await usersQuery(ctx, search, sort).paginate(paginationOpts);
    return { ...result, page: result.page.map(toRow) };
  },
});

/** How many users the search matches, exactly (every user without one). */
export const userCount = adminQuery({
  args: { search: v.string() },
  returns: v.number(),
  handler: async (ctx, { search }) => {
    const prefix = search.trim().toLowerCase();
    if (prefix.length > USER_SEARCH_MAX) throw appError("INVALID", ADMIN_PANEL_MESSAGES.searchTooLong);
    if (prefix === "") return await usersByEmail.count(ctx);
    return await usersByEmail.count(ctx, {
      bounds: { lower: { key: prefix, inclusive: true }, upper: { key: `${prefix}\uffff`, inclusive: false } },
    });
  },
});

/** One page of the user ids the search matches, in the list's order: "select all N matching". */
export const userIds = adminQuery({
  args: { ...listArgs, cursor: v.union(v.string(), v.null()) },
  returns: v.object({ ids: v.array(v.id("users")), continueCursor: v.string(), isDone: v.boolean() }),
  handler: async (ctx, { search, sort, cursor }) => {
    const page = await usersQuery(ctx, search, sort).paginate({ cursor, numItems: IDS_PAGE });
    return { ids: page.page.map((u) => u._id), continueCursor: page.continueCursor, isDone: page.isDone };
  },
});

/** The rows of the given users, for "Export selection". */
export const userRows = adminQuery({
  args: { ids: v.array(v.id("users")) },
  returns: v.array(adminUserRowValidator),
  handler: async (ctx, { ids }) => {
    if (ids.length > BULK_BATCH) throw appError("INVALID", BULK_MESSAGES.tooMany);
    const rows = [];
    for (const id of ids) {
      const user = await ctx.db.get("users", id);
      if (user !== null) rows.push(toRow(user));
    }
    return rows;
  },
});

/** Exact totals, each one read of its aggregate or counter (lib/counts/). */
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
      countAllAssets(ctx),
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
        names.set(id, isErased(u) ? FORMER_MEMBER : (u?.email ?? u?.phone ?? u?.fullName ?? null));
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
