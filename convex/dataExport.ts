// "Download my data" (GDPR art. 15 and 20): a ZIP of everything the app holds about the
// user, built in the background by an action (lib/privacy/exportZip.ts) with progress the
// settings page reads live, then a link that works for EXPORT_TTL_DAYS (told by e-mail too).
import { v } from "convex/values";
import { internal } from "./_generated/api";
import type { Doc, Id, TableNames } from "./_generated/dataModel";
import { env, internalAction, internalQuery, type MutationCtx, type QueryCtx } from "./_generated/server";
import { adminMutation, adminQuery, userMutation, viewerQuery } from "./lib/access";
import { appError, MESSAGES } from "./lib/errors";
import { sendEmail, sendSms } from "./lib/outbound";
import { buildExportZip, sectionCount } from "./lib/privacy/exportZip";
import { withoutSecrets } from "./lib/privacy/exportPlan";
import { EXPORT_COOLDOWN_MS, EXPORT_MESSAGES, EXPORT_PAGE, EXPORT_TTL_MS } from "./lib/privacy/rules";
import { PRODUCT_NAME } from "./lib/constants";
import { internalMutation } from "./lib/writes";

const exportView = v.union(
  v.null(),
  v.object({
    status: v.union(v.literal("building"), v.literal("ready"), v.literal("failed"), v.literal("expired")),
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

/** Starts a build, unless one is running or the last began moments ago. */
async function start(ctx: MutationCtx, userId: Id<"users">, requestedBy?: "admin") {
  const last = await latest(ctx, userId);
  if (last?.status === "building") throw appError("INVALID", EXPORT_MESSAGES.busy);
  if (last !== null && requestedBy === undefined && last.requestedAt > Date.now() - EXPORT_COOLDOWN_MS) throw appError("INVALID", EXPORT_MESSAGES.tooSoon);
  const exportId = await ctx.db.insert("dataExports", { userId, status: "building", requestedAt: Date.now(), requestedBy, done: 0, total: 1 });
  await ctx.scheduler.runAfter(0, internal.dataExport.build, { exportId });
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

const MAX_OWNED = 50;

/** The export's user, and the workspaces they own (with each one's document). */
export const subject = internalQuery({
  args: { exportId: v.id("dataExports") },
  returns: v.union(v.null(), v.object({ user: v.any(), workspaces: v.array(v.object({ _id: v.id("workspaces"), name: v.string(), doc: v.any() })) })),
  handler: async (ctx, { exportId }) => {
    const row = await ctx.db.get("dataExports", exportId);
    const user = row === null ? null : await ctx.db.get("users", row.userId);
    if (user === null) return null;
    const memberships = await ctx.db.query("workspaceMembers").withIndex("by_userId", (q) => q.eq("userId", user._id)).take(MAX_OWNED);
    const workspaces = [];
    for (const m of memberships) {
      const ws = m.role === "owner" ? await ctx.db.get("workspaces", m.workspaceId) : null;
      if (ws !== null) workspaces.push({ _id: ws._id, name: ws.name, doc: ws });
    }
    return { user: withoutSecrets(user), workspaces };
  },
});

export const progress = internalMutation({
  args: { exportId: v.id("dataExports"), done: v.number(), total: v.number() },
  returns: v.null(),
  handler: async (ctx, { exportId, done, total }) => {
    await ctx.db.patch("dataExports", exportId, { done, total });
    return null;
  },
});

export const build = internalAction({
  args: { exportId: v.id("dataExports") },
  returns: v.null(),
  handler: async (ctx, { exportId }) => {
    try {
      const who = await ctx.runQuery(internal.dataExport.subject, { exportId });
      if (who === null) throw new Error("export without a user");
      const total = sectionCount(who.workspaces.length);
      const parts: Id<"_storage">[] = [];
      await buildExportZip(
        ctx,
        who.user,
        who.workspaces,
        (done) => ctx.runMutation(internal.dataExport.progress, { exportId, done, total }).then(() => undefined),
        async (zip) => {
          parts.push(await ctx.storage.store(zip));
        },
      );
      await ctx.runMutation(internal.dataExport.finish, { exportId, parts });
    } catch (error) {
      await ctx.runMutation(internal.dataExport.fail, { exportId });
      throw error;
    }
    return null;
  },
});

const day = (at: number) => new Date(at).toISOString().slice(0, 10);

export const finish = internalMutation({
  args: { exportId: v.id("dataExports"), parts: v.array(v.id("_storage")) },
  returns: v.null(),
  handler: async (ctx, { exportId, parts }) => {
    const row = await ctx.db.get("dataExports", exportId);
    if (row === null) return null;
    const expiresAt = Date.now() + EXPORT_TTL_MS;
    await ctx.db.patch("dataExports", exportId, { status: "ready", parts, expiresAt, done: row.total });
    await ctx.scheduler.runAt(expiresAt, internal.dataExport.expire, { exportId });
    const user = await ctx.db.get("users", row.userId);
    // The link leads to Settings, where the signed-in owner downloads it: the e-mail carries no file capability.
    const link = `${(env.SITE_URL ?? "").replace(/\/+$/, "")}/settings#your-data`;
    const body = `Your ${PRODUCT_NAME} data is ready. Download it from Settings until ${day(expiresAt)} (UTC): ${link}`;
    if (user?.email !== undefined) await sendEmail(ctx, { to: user.email, subject: `Your ${PRODUCT_NAME} data is ready`, body, link });
    else if (user?.phone !== undefined) await sendSms(ctx, { to: user.phone, body });
    return null;
  },
});

export const fail = internalMutation({
  args: { exportId: v.id("dataExports") },
  returns: v.null(),
  handler: async (ctx, { exportId }) => {
    if ((await ctx.db.get("dataExports", exportId)) !== null) await ctx.db.patch("dataExports", exportId, { status: "failed" });
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
