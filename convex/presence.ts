// Presence: who else is on a page of a workspace (@convex-dev/presence). The functions keep
// the shape the component's usePresence hook calls (heartbeat, list, disconnect), with the
// checks it leaves to the app: the caller is the signed-in user (the hook's `userId` is only
// its own key and is never trusted), and only members of the room's workspace join or read it.
import { v } from "convex/values";
import { publicMutation, publicQuery, userMutation } from "./lib/access";
import { appError } from "./lib/errors";
import { joinableRoom, presenceName, readableRoom } from "./lib/presence/access";
import { presence } from "./lib/presence/client";
import {
  MAX_PRESENCE_INTERVAL_MS,
  MAX_SESSION_KEY_LENGTH,
  MIN_PRESENCE_INTERVAL_MS,
  PRESENCE_LIST_LIMIT,
} from "./lib/presence/rooms";

// The component's session tokens are UUIDs.
const MAX_TOKEN_LENGTH = 100;
const BAD_SESSION = "Invalid presence session";

const presentValidator = v.object({
  userId: v.string(),
  name: v.string(),
  online: v.boolean(),
  lastDisconnected: v.number(),
});

/** The caller is on the room's page; returns the tokens the hook reads the room and leaves with. */
export const heartbeat = userMutation({
  args: { roomId: v.string(), userId: v.string(), sessionId: v.string(), interval: v.number() },
  returns: v.object({ roomToken: v.string(), sessionToken: v.string() }),
  handler: async (ctx, { roomId, sessionId, interval }) => {
    if (sessionId.length === 0 || sessionId.length > MAX_SESSION_KEY_LENGTH) throw appError("INVALID", BAD_SESSION);
    if (!(interval >= MIN_PRESENCE_INTERVAL_MS && interval <= MAX_PRESENCE_INTERVAL_MS)) throw appError("INVALID", BAD_SESSION);
    const room = await joinableRoom(ctx, ctx.user._id, roomId);
    // Keyed by the caller too, so a session key sent by someone else can never touch theirs.
    const session = `${ctx.user._id}|${sessionId}`;
    const { sessionToken } = await presence.heartbeat(ctx, room.id, ctx.user._id, session, interval);
    // The room id is the read token: reading checks membership each time (list below).
    return { roomToken: room.id, sessionToken };
  },
});

/** The members on the room's page now, by name; nobody for visitors and non-members. */
export const list = publicQuery({
  args: { roomToken: v.string() },
  returns: v.array(presentValidator),
  handler: async (ctx, { roomToken }) => {
    if (ctx.user === null) return [];
    const room = await readableRoom(ctx, ctx.user._id, roomToken);
    if (room === null) return [];
    const here = await presence.listRoom(ctx, room.id, true, PRESENCE_LIST_LIMIT);
    const rows = await Promise.all(
      here.map(async (p) => {
        const userId = ctx.db.normalizeId("users", p.userId);
        const user = userId === null ? null : await ctx.db.get("users", userId);
        // Someone removed from the workspace drops out at once, before their session times out.
        const member = userId !== null && (await readableRoom(ctx, userId, room.id)) !== null;
        return member ? { userId: p.userId, name: presenceName(user), online: p.online, lastDisconnected: p.lastDisconnected } : null;
      }),
    );
    return rows.filter((r) => r !== null);
  },
});

/**
 * Leaves the room: on unmount, on a hidden tab, and by sendBeacon when the tab closes, which
 * carries no sign-in. The session token (random, handed only to the session's own heartbeat)
 * is what it proves, and all it can do is end that one session.
 */
export const disconnect = publicMutation({
  args: { sessionToken: v.string() },
  returns: v.null(),
  handler: async (ctx, { sessionToken }) => {
    if (sessionToken.length > MAX_TOKEN_LENGTH) throw appError("INVALID", BAD_SESSION);
    await presence.disconnect(ctx, sessionToken);
    return null;
  },
});
