// The sessions list in /settings and the logout scopes: others, global.
// A session is Convex Auth's authSessions row; its refresh tokens hang off it.
// Deleting both ends the session for good: the device's JWT still verifies until it
// expires, but lib/access.ts resolves no viewer for a token whose session is gone,
// so the server refuses it at once. Each client also watches `current`
// (SessionGuard) and signs itself out as soon as its session row is gone.
//   local  = this device (the client then calls Convex Auth's signOut()).
//   others = every session of the user except the caller's.
//   global = every session, this one included (the client then clears storage, goes to /).
import { doc } from "convex-helpers/validators";
import { v } from "convex/values";
import type { Id } from "./_generated/dataModel";
import { internalQuery, type QueryCtx } from "./_generated/server";
import { endSession } from "./lib/auth/endSession";
import { activeSession, publicQuery, userMutation, userQuery } from "./lib/access";
import schema from "./schema";

const USER_AGENT_MAX = 300;
const TOUCH_THROTTLE_MS = 60_000;

const sessionValidator = v.object({
  _id: v.id("authSessions"),
  createdAt: v.number(),
  expiresAt: v.number(),
  current: v.boolean(),
  userAgent: v.union(v.string(), v.null()),
  lastSeenAt: v.union(v.number(), v.null()),
});

/** The caller's live sessions: this device first, then the newest. */
export const list = userQuery({
  args: {},
  returns: v.array(sessionValidator),
  handler: async (ctx) => {
    const currentId = ctx.sessionId;
    const now = Date.now();
    const sessions = await ctx.db
      .query("authSessions")
      .withIndex("userId", (q) => q.eq("userId", ctx.user._id))
      .take(100);
    const rows = await Promise.all(
      sessions
        .filter((s) => s.expirationTime > now)
        .map(async (s) => {
          const info = await infoFor(ctx, s._id);
          return {
            _id: s._id,
            createdAt: s._creationTime,
            expiresAt: s.expirationTime,
            current: s._id === currentId,
            userAgent: info?.userAgent ?? null,
            lastSeenAt: info?.lastSeenAt ?? null,
          };
        }),
    );
    return rows.sort((a, b) => Number(b.current) - Number(a.current) || b.createdAt - a.createdAt);
  },
});

/**
 * Whether the caller's session still exists: null when signed out, false once it has
 * been signed out elsewhere (or expired), true otherwise. (`ctx.user` is null in both
 * of the first two cases; the token tells them apart.)
 */
export const current = publicQuery({
  args: {},
  returns: v.union(v.null(), v.boolean()),
  handler: async (ctx) => {
    return ctx.session.status === "signedOut" ? null : ctx.session.status === "active";
  },
});

/** Records this device's browser and last-seen time for the list; at most one write a minute. */
export const touch = userMutation({
  args: { userAgent: v.string() },
  returns: v.null(),
  handler: async (ctx, args) => {
    const sessionId = ctx.sessionId;
    const userAgent = args.userAgent.slice(0, USER_AGENT_MAX);
    const now = Date.now();
    const info = await infoFor(ctx, sessionId);
    if (info === null) {
      await ctx.db.insert("sessionInfo", { sessionId, userId: ctx.user._id, userAgent, lastSeenAt: now });
    } else if (now - info.lastSeenAt >= TOUCH_THROTTLE_MS || info.userAgent !== userAgent) {
      await ctx.db.patch("sessionInfo", info._id, { userAgent, lastSeenAt: now });
    }
    return null;
  },
});

export const signOut = userMutation({
  args: { scope: v.union(v.literal("local"), v.literal("others"), v.literal("global")) },
  returns: v.object({ signedOut: v.number() }),
  handler: async (ctx, { scope }) => {
    const currentId = ctx.sessionId;
    const sessions = await ctx.db
      .query("authSessions")
      .withIndex("userId", (q) => q.eq("userId", ctx.user._id))
      .take(500);
    const doomed = sessions.filter((s) =>
      scope === "global" ? true : scope === "others" ? s._id !== currentId : s._id === currentId,
    );
    for (const session of doomed) await endSession(ctx, session);
    return { signedOut: doomed.length };
  },
});

/** For actions (no db): the live session a JWT names, as lib/access.ts resolves it. */
export const active = internalQuery({
  args: { userId: v.string(), sessionId: v.string() },
  returns: v.union(v.null(), v.object({ user: doc(schema, "users"), sessionId: v.id("authSessions") })),
  handler: async (ctx, claim) => await activeSession(ctx, claim),
});

async function infoFor(ctx: { db: QueryCtx["db"] }, sessionId: Id<"authSessions">) {
  return await ctx.db
    .query("sessionInfo")
    .withIndex("by_sessionId", (q) => q.eq("sessionId", sessionId))
    .unique();
}
