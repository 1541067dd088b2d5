// Deleting one's account, as its owner and as an attacker would try it: the password or a
// sent code to start, a 30-day grace period (moved clock) that only the owner's own live
// session can cancel, then erasure that leaves nothing naming the user but the kept,
// anonymised records lib/privacy/coverage.ts lists.
import { afterEach, beforeEach, describe, expect, test, vi } from "vitest";
import { api, components, internal } from "../../convex/_generated/api";
import { USER_TABLES } from "../../convex/lib/privacy/coverage";
import { DELETION_GRACE_MS, DELETION_MESSAGES, FORMER_MEMBER } from "../../convex/lib/privacy/rules";
import { roomId, PRESENCE_INTERVAL_MS } from "../../convex/lib/presence/rooms";
import { fundedUser, fundWorkspace, generalInput, tagGeneral, workspaceBalance } from "./assets-support";
import { addConfirmedContact } from "./legacy-support";
import { DAY, tokenOf } from "./custody-support";
import { asSession, asVisitor, errorData, lastMessageTo, makeUser, rowsNaming, signInAgain, signUpVerified, snapshot, type Backend, type Client, setupTest } from "./setup";
import { join } from "./workspace-support";

beforeEach(() => {
  vi.useFakeTimers();
});
afterEach(() => {
  vi.useRealTimers();
});

/** Moves the clock past the grace period and runs every batch the erasure schedules. */
async function afterGrace(t: Backend) {
  vi.advanceTimersByTime(DELETION_GRACE_MS + 1000);
  await t.finishAllScheduledFunctions(vi.runAllTimers);
}

/** The code the deletion e-mail to `to` carries. */
async function codeSentTo(t: Backend, to: string): Promise<string> {
  const message = await lastMessageTo(t, to);
  const code = /is (\d{6})\./.exec(message?.body ?? "")?.[1];
  if (code === undefined) throw new Error(`no deletion code to ${to}`);
  return code;
}

async function confirmByCode(t: Backend, user: { as: Client; email: string }) {
  await user.as.action(api.accountDeletion.sendCode, {});
  await user.as.action(api.accountDeletion.confirmWithCode, { code: await codeSentTo(t, user.email) });
}

describe("confirming a deletion", () => {
  test("a stolen session cannot delete a password account: the wrong password schedules nothing", async () => {
    const t = setupTest();
    const erin = await signUpVerified(t, "erin@example.com", "orchard-lamp-42");
    expect(await erin.query(api.accountDeletion.plan, {})).toMatchObject({ confirmWith: "password" });
    expect(await errorData(() => erin.action(api.accountDeletion.confirmWithPassword, { password: "guessing-1" })))
      .toEqual({ code: "INVALID", message: "Current password is incorrect" });
    // Nor may it take the code route, which is for accounts without a password.
    expect((await errorData(() => erin.action(api.accountDeletion.sendCode, {}))).message).toBe(DELETION_MESSAGES.hasPassword);
    expect(await erin.query(api.accountDeletion.status, {})).toBeNull();

    await erin.action(api.accountDeletion.confirmWithPassword, { password: "orchard-lamp-42" });
    const status = await erin.query(api.accountDeletion.status, {});
    expect(status?.eraseAt).toBe(Date.now() + DELETION_GRACE_MS);
    // The owner is told, so a deletion they did not ask for does not go unnoticed.
    expect((await lastMessageTo(t, "erin@example.com"))?.body).toMatch(/Cancel deletion/);
  });

  test("an account without a password confirms with the code sent to it; wrong codes run out", async () => {
    const t = setupTest();
    const sam = await makeUser(t, { email: "sam@example.com" });
    expect(await sam.as.query(api.accountDeletion.plan, {})).toMatchObject({ confirmWith: "code" });
    expect((await errorData(() => sam.as.action(api.accountDeletion.confirmWithCode, { code: "123456" }))).message).toBe(DELETION_MESSAGES.noCode);
    await sam.as.action(api.accountDeletion.sendCode, {});
    const code = await codeSentTo(t, "sam@example.com");
    const wrong = code === "000000" ? "111111" : "000000";
    for (let i = 0; i < 5; i++) {
      expect((await errorData(() => sam.as.action(api.accountDeletion.confirmWithCode, { code: wrong }))).message).toBe(DELETION_MESSAGES.wrongCode);
    }
    // Five wrong tries spend the code: even the right one is refused now.
    expect((await errorData(() => sam.as.action(api.accountDeletion.confirmWithCode, { code }))).message).toBe(DELETION_MESSAGES.wrongCode);
    expect(await sam.as.query(api.accountDeletion.status, {})).toBeNull();

    vi.advanceTimersByTime(61_000);
    await confirmByCode(t, { as: sam.as, email: "sam@example.com" });
    expect(await sam.as.query(api.accountDeletion.status, {})).not.toBeNull();
  });
});

describe("the grace period", () => {
  test("only the owner's own live session cancels; a cancelled deletion erases nothing", async () => {
    const t = setupTest();
    const sam = await makeUser(t, { email: "sam@example.com", fullName: "Sam Keep" });
    const mallory = await makeUser(t, { email: "mallory@example.com" });
    await confirmByCode(t, { as: sam.as, email: "sam@example.com" });

    expect((await errorData(() => asVisitor(t).mutation(api.accountDeletion.cancel, {}))).code).toBe("NOT_AUTHENTICATED");
    // Another user's cancel acts on their own (unscheduled) account, never on Sam's.
    expect((await errorData(() => mallory.as.mutation(api.accountDeletion.cancel, {}))).message).toBe(DELETION_MESSAGES.notScheduled);
    expect(await sam.as.query(api.accountDeletion.status, {})).not.toBeNull();

    await sam.as.mutation(api.accountDeletion.cancel, {});
    expect(await sam.as.query(api.accountDeletion.status, {})).toBeNull();
    await afterGrace(t);
    // (Sessions last 30 days too: Sam signs in again.)
    const later = await signInAgain(t, sam);
    expect((await later.query(api.users.me, {}))?.fullName).toBe("Sam Keep");
  });
});

describe("erasure after 30 days", () => {
  test("nothing names the user but the kept, anonymised records; sole workspaces go, shared ones are handed on", async () => {
    const t = setupTest();
    const sam = await fundedUser(t, 40, { email: "sam@example.com", fullName: "Sam Leaving" });
    const kim = await makeUser(t, { fullName: "Kim Staying" });
    // A household Sam alone owns with Kim as editor: Kim inherits it, with Sam's records.
    const shared = await sam.as.mutation(api.workspaces.create, { name: "Shared flat", kind: "household" });
    await join(t, shared, kim.userId, "editor");
    await fundWorkspace(t, shared, 30);
    const sharedAsset = await sam.as.mutation(api.assets.tag, { ...generalInput, name: "Kettle", files: [], workspaceId: shared });
    // Sam's personal workspace, and a household only Sam belongs to: both go, with their items.
    const solo = await sam.as.mutation(api.workspaces.create, { name: "Sam's shed", kind: "household" });
    await fundWorkspace(t, solo, 10);
    await sam.as.mutation(api.assets.tag, { ...generalInput, name: "Drill", files: [], workspaceId: solo });
    await tagGeneral(sam.as, { name: "Bike in the personal register" });
    const sharedBalance = await workspaceBalance(t, shared);
    await addConfirmedContact(t, sam.as, "Ann");
    await confirmByCode(t, sam);
    const plan = await sam.as.query(api.accountDeletion.plan, {});
    expect(plan.soleWorkspaces.map((w) => w.name).sort()).toEqual(["Personal", "Sam's shed"]);
    expect(plan.sharedWorkspaces).toBe(1);

    await afterGrace(t);

    // Signed out everywhere: the old session is refused.
    expect((await errorData(() => sam.as.mutation(api.users.updateActivity, {}))).code).toBe("NOT_AUTHENTICATED");
    // Only tables whose policy keeps rows (anonymised) still hold the id; the users row is a bare tombstone.
    const left = await rowsNaming(t, sam.userId);
    for (const [table] of left) expect([table, USER_TABLES[table as keyof typeof USER_TABLES]]).not.toEqual([table, "delete"]);
    const tomb = left.find(([table, doc]) => table === "users" && doc._id === sam.userId)?.[1];
    expect(Object.keys(tomb ?? {}).sort()).toEqual(["_creationTime", "_id", "deletedAt"]);
    expect(JSON.stringify(left)).not.toMatch(/sam@example\.com|Sam Leaving|ann@kin\.example/);

    // The sole workspaces are gone with everything in them but their ledger (kept, so balances add up).
    expect(await t.run(async (ctx) => await ctx.db.get("workspaces", solo))).toBeNull();
    const leftInSolo = (await rowsNaming(t, solo)).map(([table]) => table);
    expect([...new Set(leftInSolo)].sort()).toEqual(["transactions", "wallets"]);
    // Kim now owns the shared workspace, which keeps its item and its TMT; the feed names Sam "Former member".
    const kimNow = await signInAgain(t, kim);
    const members = await kimNow.query(api.workspaceMembers.list, { workspaceId: shared });
    expect(members.map((m) => [m.name, m.role])).toEqual([["Kim Staying", "owner"]]);
    expect(await workspaceBalance(t, shared)).toBe(sharedBalance);
    expect(await t.run(async (ctx) => (await ctx.db.get("assets", sharedAsset.assetId))?.name)).toBe("Kettle");
    const feed = await kimNow.query(api.workspaceActivity.feed, { workspaceId: shared, paginationOpts: { numItems: 20, cursor: null } });
    expect(JSON.stringify(feed)).toContain(FORMER_MEMBER);
    // The ledger still adds up: every wallet's balance is the sum of its transactions.
    await t.run(async (ctx) => {
      for (const wallet of await ctx.db.query("wallets").collect()) {
        const rows = await ctx.db.query("transactions").collect();
        const mine = rows.filter((r) => (wallet.userId !== undefined ? r.userId === wallet.userId : r.workspaceId === wallet.workspaceId));
        expect(mine.reduce((sum, r) => sum + r.amount, 0)).toBe(wallet.balance);
      }
    });
    // The address is free again: a new sign-up with it is a new account.
    expect(await t.run(async (ctx) => await ctx.db.query("users").withIndex("email", (q) => q.eq("email", "sam@example.com")).first())).toBeNull();
  });
});

describe("copies of the user's name and addresses", () => {
  test("leave others' records: a loan to them, an offer to their address, the feed, invitations, and what components keep", async () => {
    const t = setupTest();
    const sam = await makeUser(t, { email: "sam@example.com", fullName: "Sam Leaving" });
    const kim = await makeUser(t, { fullName: "Kim Staying" });
    const flat = await kim.as.mutation(api.workspaces.create, { name: "Kim's flat", kind: "household" });
    await join(t, flat, sam.userId, "viewer");
    await fundWorkspace(t, flat, 50);
    const kimIn = asSession(t, kim.userId, kim.sessionId, flat);
    const tag = async (name: string) => (await kimIn.mutation(api.assets.tag, { ...generalInput, name, files: [] })).assetId;
    // Kim lends Sam the ladder; Sam signs for it with their name; it comes back.
    const ladder = await tag("Ladder");
    const { link } = await kimIn.mutation(api.custody.checkOut, { assetIds: [ladder], borrower: { kind: "member", userId: sam.userId }, dueAt: Date.now() + DAY });
    await t.mutation(api.custody.accept, { token: tokenOf(link), signature: "Sam Leaving" });
    await kimIn.mutation(api.custody.checkIn, { assetIds: [ladder] });
    // Kim offers Sam the drill, makes Sam an editor, and invites Sam to another household.
    const drill = await tag("Drill");
    await kimIn.mutation(api.transfers.offer, { assetId: drill, email: "sam@example.com" });
    await kimIn.mutation(api.workspaceMembers.changeRole, { userId: sam.userId, role: "editor" });
    const garage = await kim.as.mutation(api.workspaces.create, { name: "Kim's garage", kind: "household" });
    // (One message a minute to an address.)
    vi.advanceTimersByTime(61_000);
    await asSession(t, kim.userId, kim.sessionId, garage).mutation(api.workspaceMembers.invite, { email: "sam@example.com", role: "viewer" });
    // Sam is on the flat's list when the deletion is confirmed (by a code: a send budget keyed by the address).
    const samIn = asSession(t, sam.userId, sam.sessionId, flat);
    await samIn.mutation(api.presence.heartbeat, { roomId: roomId(flat, { list: "assets" }), userId: sam.userId, sessionId: "tab-1", interval: PRESENCE_INTERVAL_MS });
    vi.advanceTimersByTime(61_000);
    await confirmByCode(t, sam);
    // A password-reset link asked for in the grace period, still unused.
    await t.run(async (ctx) => {
      await ctx.db.insert("emailLinks", { purpose: "reset", email: "sam@example.com", codeHash: "hash", expiresAt: Date.now() + DAY });
    });

    await afterGrace(t);

    // No table holds the name or the address any more.
    const everything = JSON.stringify(await snapshot(t));
    expect(everything).not.toContain("sam@example.com");
    expect(everything).not.toContain("Sam Leaving");
    // Kim's records still read, naming a "Former member".
    const kimLater = await signInAgain(t, { userId: kim.userId, workspaceId: flat });
    const custody = await kimLater.query(api.custody.ofAsset, { assetId: ladder });
    expect(custody?.past.map((l) => l.borrowerName)).toEqual([FORMER_MEMBER]);
    const history = (await kimLater.query(api.assets.history, { assetId: ladder })).map((e) => e.summary);
    expect(history).toEqual(expect.arrayContaining([`Checked out to ${FORMER_MEMBER}`, `Accepted by the borrower, signed “${FORMER_MEMBER}”`, `Checked in from ${FORMER_MEMBER}`]));
    expect((await kimLater.query(api.assets.history, { assetId: drill })).map((e) => e.summary)).toContain(`Transfer offered to ${FORMER_MEMBER}`);
    // The components keep nothing under the account: no rate-limit row for its address, no presence.
    const sendBudget = await t.run(async (ctx) =>
      ctx.runQuery(components.rateLimiter.lib.getValue, { name: "sendPerHour", key: "email:sam@example.com", config: { kind: "token bucket", rate: 1, period: 1 } }),
    );
    expect(sendBudget.ts).toBe(0);
    expect(await t.run(async (ctx) => ctx.runQuery(components.presence.public.listUser, { userId: sam.userId, onlineOnly: false, limit: 10 }))).toEqual([]);
  });
});

describe("where an erased account still appears", () => {
  test("it reads as a Former member: the admin's user list and audit log, the news it wrote; nothing more can be written onto it", async () => {
    const t = setupTest();
    const admin = await makeUser(t, { role: "admin", fullName: "Ada Admin" });
    const sam = await makeUser(t, { email: "sam@example.com", fullName: "Sam Leaving" });
    await admin.as.mutation(api.admin.setUserAccess, { userId: sam.userId, role: "moderator" });
    await t.run(async (ctx) => {
      await ctx.db.insert("articles", { title: "Spring fair", content: "Bring your bikes.", category: "General", isPublished: true, authorId: sam.userId, createdAt: Date.now(), publishedAt: Date.now() });
    });
    await confirmByCode(t, sam);
    await afterGrace(t);

    const adminNow = await signInAgain(t, admin);
    const rows = (await adminNow.query(api.adminPanel.listUsers, { search: "", paginationOpts: { numItems: 10, cursor: null } })).page;
    expect(rows.find((r) => r._id === sam.userId)).toMatchObject({ erased: true, email: null, fullName: null });
    const log = (await adminNow.query(api.adminPanel.auditLog, { paginationOpts: { numItems: 10, cursor: null } })).page;
    expect(log.map((e) => [e.actor, e.target])).toEqual([[admin.email, FORMER_MEMBER]]);
    const news = await asVisitor(t).query(api.news.listPublished, { paginationOpts: { numItems: 10, cursor: null } });
    expect(news.page.map((a) => a.authorName)).toEqual([FORMER_MEMBER]);
    // An admin cannot write a role or a flag back onto the tombstone.
    expect((await errorData(() => adminNow.mutation(api.admin.setUserAccess, { userId: sam.userId, isBusinessUser: true }))).code).toBe("NOT_FOUND");
  });
});

describe("for a user who asks by e-mail", () => {
  test("an admin schedules it; the user is told and can still cancel; admins cannot use it on themselves", async () => {
    const t = setupTest();
    const admin = await makeUser(t, { role: "admin" });
    const sam = await makeUser(t, { email: "sam@example.com" });
    expect((await errorData(() => admin.as.mutation(api.accountDeletion.adminSchedule, { userId: admin.userId }))).message).toBe(DELETION_MESSAGES.notSelf);
    await admin.as.mutation(api.accountDeletion.adminSchedule, { userId: sam.userId });
    expect(await admin.as.query(api.accountDeletion.adminStatus, { userId: sam.userId })).toEqual({ eraseAt: Date.now() + DELETION_GRACE_MS });
    expect((await lastMessageTo(t, "sam@example.com"))?.body).toMatch(/^At your request, our support team has scheduled/);
    expect(await sam.as.query(api.accountDeletion.status, {})).toMatchObject({ byAdmin: true });
    await sam.as.mutation(api.accountDeletion.cancel, {});
    expect(await admin.as.query(api.accountDeletion.adminStatus, { userId: sam.userId })).toBeNull();
  });

  test("a due erasure whose job was lost is started by the hourly sweep", async () => {
    const t = setupTest();
    const sam = await makeUser(t, { email: "sam@example.com" });
    await confirmByCode(t, sam);
    await t.run(async (ctx) => {
      const row = await ctx.db.query("accountDeletions").withIndex("by_userId", (q) => q.eq("userId", sam.userId)).unique();
      await ctx.scheduler.cancel(row!.job!);
    });
    await afterGrace(t);
    expect(await t.run(async (ctx) => (await ctx.db.get("users", sam.userId))?.email)).toBe("sam@example.com");
    await t.mutation(internal.accountDeletion.sweep, {});
    await t.finishAllScheduledFunctions(vi.runAllTimers);
    const tomb = await t.run(async (ctx) => await ctx.db.get("users", sam.userId));
    expect(Object.keys(tomb ?? {}).sort()).toEqual(["_creationTime", "_id", "deletedAt"]);
  });
});
