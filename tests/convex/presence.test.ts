// Presence: who else is on a page of a workspace. Only its members join or read a room; the
// caller is always the signed-in user, whatever user id the client sends; names, never e-mails.
import { afterEach, describe, expect, test, vi } from "vitest";
import { api } from "../../convex/_generated/api";
import { PRESENCE_INTERVAL_MS, roomId } from "../../convex/lib/presence/rooms";
import { addMember } from "../../convex/lib/workspaces/store";
import { tagGeneral, fundedUser } from "./assets-support";
import { errorData, makeUser, setupTest, snapshot, type Backend, type Client } from "./setup";

let sessions = 0;
function beat(as: Client, room: string, userId = "ignored") {
  sessions += 1;
  return as.mutation(api.presence.heartbeat, { roomId: room, userId, sessionId: `tab-${sessions}`, interval: PRESENCE_INTERVAL_MS });
}

async function household(t: Backend) {
  const owner = await makeUser(t, { fullName: "Ana Owner", email: "ana@example.com" });
  const workspaceId = await owner.as.mutation(api.workspaces.create, { name: "Home", kind: "household" });
  const ben = await makeUser(t, { fullName: "Ben Editor", email: "ben@example.com" });
  await t.run(async (ctx) => await addMember(ctx, workspaceId, ben.userId, "editor"));
  const stranger = await makeUser(t, { fullName: "Eve Stranger" });
  return { owner, ben, stranger, workspaceId, room: roomId(workspaceId, { list: "assets" }) };
}

async function names(as: Client, roomToken: string) {
  return (await as.query(api.presence.list, { roomToken })).map((p) => p.name).sort();
}

afterEach(() => {
  vi.useRealTimers();
});

describe("joining and reading a room", () => {
  test("members on the same page see each other by name, never by e-mail", async () => {
    const t = setupTest();
    const { owner, ben, room } = await household(t);
    const { roomToken } = await beat(owner.as, room);
    await beat(ben.as, room);
    expect(await names(owner.as, roomToken)).toEqual(["Ana Owner", "Ben Editor"]);
    expect(await names(ben.as, roomToken)).toEqual(["Ana Owner", "Ben Editor"]);
    expect(JSON.stringify(await ben.as.query(api.presence.list, { roomToken }))).not.toContain("@example.com");
  });

  test("another page of the same workspace is another room", async () => {
    const t = setupTest();
    const { owner, ben, workspaceId, room } = await household(t);
    const { roomToken } = await beat(owner.as, room);
    await beat(ben.as, roomId(workspaceId, { list: "inventory" }));
    expect(await names(owner.as, roomToken)).toEqual(["Ana Owner"]);
  });

  test("a non-member cannot join a room, and writes nothing trying", async () => {
    const t = setupTest();
    const { stranger, room } = await household(t);
    const before = await snapshot(t);
    expect(await errorData(() => beat(stranger.as, room))).toEqual({ code: "NOT_FOUND", message: "Workspace not found" });
    expect(await snapshot(t)).toEqual(before);
  });

  test("a non-member, or a signed-out visitor, reads nobody in a room, even with its token", async () => {
    const t = setupTest();
    const { owner, stranger, room } = await household(t);
    const { roomToken } = await beat(owner.as, room);
    expect(await stranger.as.query(api.presence.list, { roomToken })).toEqual([]);
    expect(await t.query(api.presence.list, { roomToken })).toEqual([]);
  });

  test("a signed-out visitor cannot join", async () => {
    const t = setupTest();
    const { room } = await household(t);
    expect((await errorData(() => beat(t as unknown as Client, room))).code).toBe("NOT_AUTHENTICATED");
  });

  test("the user id a client sends is ignored: a member joins as themselves", async () => {
    const t = setupTest();
    const { owner, ben, room } = await household(t);
    const { roomToken } = await beat(ben.as, room, owner.userId);
    expect(await ben.as.query(api.presence.list, { roomToken })).toEqual([expect.objectContaining({ userId: ben.userId, name: "Ben Editor" })]);
  });

  test("a room that names no page, or an asset the workspace does not hold, cannot be joined", async () => {
    const t = setupTest();
    const owner = await fundedUser(t);
    const other = await fundedUser(t);
    const { assetId } = await tagGeneral(other.as);
    expect((await errorData(() => beat(owner.as, `${owner.workspaceId}|settings`))).code).toBe("INVALID");
    expect((await errorData(() => beat(owner.as, roomId(owner.workspaceId, { assetId })))).code).toBe("NOT_FOUND");
    const mine = await tagGeneral(owner.as);
    await beat(owner.as, roomId(owner.workspaceId, { assetId: mine.assetId }));
  });

  test("someone removed from the workspace drops out of the room at once and can no longer beat", async () => {
    const t = setupTest();
    const { owner, ben, workspaceId, room } = await household(t);
    const { roomToken } = await beat(owner.as, room);
    await beat(ben.as, room);
    await t.run(async (ctx) => {
      const row = await ctx.db
        .query("workspaceMembers")
        .withIndex("by_workspaceId_and_userId", (q) => q.eq("workspaceId", workspaceId).eq("userId", ben.userId))
        .unique();
      await ctx.db.delete("workspaceMembers", row!._id);
    });
    expect(await names(owner.as, roomToken)).toEqual(["Ana Owner"]);
    expect(await ben.as.query(api.presence.list, { roomToken })).toEqual([]);
    expect((await errorData(() => beat(ben.as, room))).code).toBe("NOT_FOUND");
  });
});

describe("leaving", () => {
  test("disconnecting with the session token leaves the room", async () => {
    const t = setupTest();
    const { owner, ben, room } = await household(t);
    const { roomToken } = await beat(owner.as, room);
    const { sessionToken } = await beat(ben.as, room);
    // As the tab-close beacon sends it: no sign-in, only the token.
    await t.mutation(api.presence.disconnect, { sessionToken });
    expect(await names(owner.as, roomToken)).toEqual(["Ana Owner"]);
  });

  test("a session that stops beating is timed out", async () => {
    vi.useFakeTimers();
    const t = setupTest();
    const { owner, ben, room } = await household(t);
    const { roomToken } = await beat(owner.as, room);
    await beat(ben.as, room);
    expect(await names(owner.as, roomToken)).toEqual(["Ana Owner", "Ben Editor"]);
    // Ana keeps beating; Ben's tab went away without a word.
    for (let i = 0; i < 4; i++) {
      vi.advanceTimersByTime(PRESENCE_INTERVAL_MS);
      await beat(owner.as, room);
      await t.finishInProgressScheduledFunctions();
    }
    expect(await names(owner.as, roomToken)).toEqual(["Ana Owner"]);
  });
});

test("bad arguments are refused: an interval out of range, an oversized session key", async () => {
  const t = setupTest();
  const { owner, room } = await household(t);
  const base = { roomId: room, userId: "x", sessionId: "s", interval: PRESENCE_INTERVAL_MS };
  for (const args of [{ ...base, interval: 1 }, { ...base, interval: 3_600_000 }, { ...base, sessionId: "x".repeat(10_000) }]) {
    expect((await errorData(() => owner.as.mutation(api.presence.heartbeat, args))).code).toBe("INVALID");
  }
  expect((await errorData(() => t.mutation(api.presence.disconnect, { sessionToken: "x".repeat(10_000) }))).code).toBe("INVALID");
});
