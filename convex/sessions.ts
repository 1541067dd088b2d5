// The sessions list in /settings and the logout scopes: others, global.
// A session is Convex Auth's authSessions row; its refresh tokens hang off it.
// Deleting both ends the session for good: the device's JWT still verifies until it
// expires, but lib/access.ts resolves no viewer for a token whose session is gone,
// so the server refuses it at once. Each client also watches `current`
// (SessionGuard) and signs itself out as soon as its session row is gone.
//   local  = this device (the client then calls Convex Auth's signOut()).
//   others = every session of the user except the caller's.
//   global = every session, this one included (the client then clears storage, goes to /).
// `end` ends one other session of the caller's, picked from the list.
import { doc } from "convex-helpers/validators";
import { v } from "convex/values";
import type { Id } from "./_generated/dataModel";
import { internalQuery, type QueryCtx } from "./_generated/server";
import { endSession } from "./lib/auth/endSession";
import { activeSession, publicQuery, userMutation, userQuery } from "./lib/access";
import { appError } from "./lib/errors";
import schema from "./schema";

const USER_AGENT_MAX = 300;
/** An IANA time zone name ("Europe/London", "America/Argentina/Buenos_Aires"). */
const TIME_ZONE = /^[A-Za-z][A-Za-z0-9_+-]*(\/[A-Za-z0-9_+-]+){0,2}$/;
const TIME_ZONE_MAX = 64;
const SESSION_ID_MAX = 64;
const SESSION_NOT_FOUND = "That session has already ended.";
const TOUCH_THROTTLE_MS = 60_000;

const sessionValidator = v.object({
  _id: v.id("authSessions"),
  createdAt: v.number(),
  expiresAt: v.number(),
  current: v.boolean(),
  userAgent: v.union(v.string(), v.null()),
  /** The device's time zone (where it is, roughly: no IP address reaches a Convex function). */
  timeZone: v.union(v.string(), v.null()),
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
            timeZone: info?.timeZone ?? null,
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

/** Records this device's browser, time zone and last-seen time for the list; at most one write a minute. */
export const touch = userMutation({
  args: { userAgent: v.string(), timeZone: v.optional(v.string()) },
  returns: v.null(),
  handler: async (ctx, args) => {
    const sessionId = ctx.sessionId;
    const userAgent = args.userAgent.slice(0, USER_AGENT_MAX);
    // Anything but a time zone name is dropped: the list shows it as a place.
    const timeZone = args.timeZone !== undefined && args.timeZone.length <= TIME_ZONE_MAX && TIME_ZONE.test(args.timeZone) ? args.timeZone : undefined;
    const now = Date.now();
    const info = await infoFor(ctx, sessionId);
    if (info === null) {
      await ctx.db.insert("sessionInfo", { sessionId, userId: ctx.user._id, userAgent, timeZone, lastSeenAt: now });
    } else if (now - info.lastSeenAt >= TOUCH_THROTTLE_MS || info.userAgent !== userAgent || info.timeZone !== timeZone) {
      await ctx.db.patch("sessionInfo", info._id, { userAgent, timeZone, lastSeenAt: now });
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

/**
 * Ends one session of the caller's (another device, from the list). Any id that is not a live
 * session of the caller's, another user's included, gets the same answer and ends nothing.
 */
export const end = userMutation({
  args: { sessionId: v.string() },
  returns: v.null(),
  handler: async (ctx, args) => {
    const id = args.sessionId.length > SESSION_ID_MAX ? null : ctx.db.normalizeId("authSessions", args.sessionId);
    const session = id === null ? null : await ctx.db.get("authSessions", id);
    if (session === null || session.userId !== ctx.user._id) throw appError("NOT_FOUND", SESSION_NOT_FOUND);
    await endSession(ctx, session);
    return null;
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
