// "Download my data" (GDPR art. 15 and 20): a ZIP of everything the app holds about the
// user, built in the background by a chain of steps (convex/exportChain.ts) with progress the
// settings page reads live, then a link that works for EXPORT_TTL_DAYS (told by e-mail too).
import { v } from "convex/values";
import type { Doc, Id, TableNames } from "./_generated/dataModel";
import { internalQuery, type MutationCtx, type QueryCtx } from "./_generated/server";
import { endExport, startExportChain } from "./exportChain";
import { adminMutation, adminQuery, userMutation, viewerQuery } from "./lib/access";
import { appError, MESSAGES } from "./lib/errors";
import { withoutSecrets } from "./lib/privacy/exportPlan";
import { enforceLimit } from "./lib/limits";
import { EXPORT_COOLDOWN_MS, EXPORT_MESSAGES, EXPORT_PAGE, EXPORTS_PER_HOUR } from "./lib/privacy/rules";
import { internalMutation } from "./lib/writes";

const exportView = v.union(
  v.null(),
  v.object({
    status: v.union(v.literal("building"), v.literal("ready"), v.literal("failed"), v.literal("expired"), v.literal("cancelled")),
    requestedAt: v.number(),
    done: v.number(),
    total: v.number(),
    expiresAt: v.union(v.number(), v.null()),
    // One link per ZIP part (most exports have one); empty unless ready.
    urls: v.array(v.string()),
  }),
);

async function latest(ctx: Pick<QueryCtx, "db">, userId: Id<"users">) {
  return await ctx.db
    .query("dataExports")
    .withIndex("by_userId_and_requestedAt", (q) => q.eq("userId", userId))
    .order("desc")
    .first();
}

async function view(ctx: QueryCtx, userId: Id<"users">) {
  const row = await latest(ctx, userId);
  if (row === null) return null;
  const parts = row.status === "ready" ? (row.parts ?? []) : [];
  const urls = (await Promise.all(parts.map((id) => ctx.storage.getUrl(id)))).filter((url): url is string => url !== null);
  return { status: row.status, requestedAt: row.requestedAt, done: row.done, total: row.total, expiresAt: row.expiresAt ?? null, urls };
}

const MAX_OWNED = 50;

/** Whether the user asked for a copy they did not cancel within the cooldown. */
async function askedRecently(ctx: Pick<QueryCtx, "db">, userId: Id<"users">) {
  const recent = await ctx.db
    .query("dataExports")
    .withIndex("by_userId_and_requestedAt", (q) => q.eq("userId", userId).gt("requestedAt", Date.now() - EXPORT_COOLDOWN_MS))
    // The hourly budget bounds how many a user starts; admins' on top are a few.
    .take(EXPORTS_PER_HOUR + 10);
  return recent.some((row) => row.status !== "cancelled");
}

/**
 * Starts a build, unless one is running or the last one not cancelled began moments ago;
 * every build a user starts, cancelled or not, spends from their hourly budget.
 */
async function start(ctx: MutationCtx, userId: Id<"users">, requestedBy?: "admin") {
  const last = await latest(ctx, userId);
  if (last?.status === "building") throw appError("INVALID", EXPORT_MESSAGES.busy);
  if (requestedBy === undefined) {
    if (await askedRecently(ctx, userId)) throw appError("INVALID", EXPORT_MESSAGES.tooSoon);
    await enforceLimit(ctx, "dataExport", userId);
  }
  const exportId = await ctx.db.insert("dataExports", { userId, status: "building", requestedAt: Date.now(), requestedBy, done: 0, total: 1 });
  // The workspaces the user owns, fixed now: each gets its folder.
  const memberships = await ctx.db.query("workspaceMembers").withIndex("by_userId", (q) => q.eq("userId", userId)).take(MAX_OWNED);
  const owned = [];
  for (const m of memberships) if (m.role === "owner" && (await ctx.db.get("workspaces", m.workspaceId)) !== null) owned.push(m.workspaceId);
  await startExportChain(ctx, { dataExport: exportId }, owned);
}

/** The caller's latest export: its progress, or its link while it lasts. */
export const mine = viewerQuery({
  args: {},
  returns: exportView,
  signedOut: null,
  handler: async (ctx) => await view(ctx, ctx.user._id),
});

export const request = userMutation({
  args: {},
  returns: v.null(),
  handler: async (ctx) => {
    await start(ctx, ctx.user._id);
    return null;
  },
});

/** For a user who asks by e-mail: the admin starts it; the user is e-mailed when it is ready. */
export const adminRequest = adminMutation({
  args: { userId: v.id("users") },
  returns: v.null(),
  handler: async (ctx, { userId }) => {
    const user = await ctx.db.get("users", userId);
    if (user === null || user.deletedAt !== undefined) throw appError("NOT_FOUND", MESSAGES.userNotFound);
    await start(ctx, userId, "admin");
    return null;
  },
});

export const adminStatus = adminQuery({
  args: { userId: v.id("users") },
  returns: exportView,
  handler: async (ctx, { userId }) => await view(ctx, userId),
});

// ---- the build -------------------------------------------------------------------------

/** A loose view of a query on any table, for the plan's generic reads (names come from EXPORT_PLAN). */
type AnyQuery = {
  withIndex: (index: string, range: (q: { eq: (field: string, value: string) => unknown }) => unknown) => {
    paginate: (opts: { cursor: string | null; numItems: number }) => Promise<{ page: Doc<TableNames>[]; continueCursor: string; isDone: boolean }>;
    take: (n: number) => Promise<Doc<TableNames>[]>;
  };
};
const anyTable = (ctx: QueryCtx, table: string) => ctx.db.query(table as TableNames) as unknown as AnyQuery;
const clean = (rows: Doc<TableNames>[]) => rows.map((r) => withoutSecrets(r));

const readArgs = { table: v.string(), index: v.string(), field: v.string() };

export const page = internalQuery({
  args: { ...readArgs, value: v.string(), cursor: v.union(v.string(), v.null()) },
  returns: v.object({ rows: v.array(v.any()), cursor: v.string(), isDone: v.boolean() }),
  handler: async (ctx, { table, index, field, value, cursor }) => {
    const result = await anyTable(ctx, table).withIndex(index, (q) => q.eq(field, value)).paginate({ cursor, numItems: EXPORT_PAGE });
    return { rows: clean(result.page), cursor: result.continueCursor, isDone: result.isDone };
  },
});

const CHILDREN_PER_PARENT = 1000;

export const children = internalQuery({
  args: { ...readArgs, values: v.array(v.string()) },
  returns: v.array(v.any()),
  handler: async (ctx, { table, index, field, values }) => {
    const rows = [];
    for (const value of values.slice(0, 100)) rows.push(...clean(await anyTable(ctx, table).withIndex(index, (q) => q.eq(field, value)).take(CHILDREN_PER_PARENT)));
    return rows;
  },
});

/** Ends the caller's export being prepared; the parts written so far are deleted. */
export const cancel = userMutation({
  args: {},
  returns: v.null(),
  handler: async (ctx) => {
    const last = await latest(ctx, ctx.user._id);
    if (last?.status !== "building") throw appError("INVALID", EXPORT_MESSAGES.notBuilding);
    await endExport(ctx, { dataExport: last._id }, "cancelled");
    return null;
  },
});

/** The link's end: the ZIP is deleted. */
export const expire = internalMutation({
  args: { exportId: v.id("dataExports") },
  returns: v.null(),
  handler: async (ctx, { exportId }) => {
    const row = await ctx.db.get("dataExports", exportId);
    if (row === null || row.expiresAt === undefined || row.expiresAt > Date.now()) return null;
    for (const part of row.parts ?? []) await ctx.storage.delete(part);
    await ctx.db.patch("dataExports", exportId, { status: "expired", parts: undefined });
    return null;
  },
});
