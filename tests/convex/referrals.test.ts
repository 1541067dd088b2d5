import { afterEach, describe, expect, test } from "vitest";
import { api, internal } from "../../convex/_generated/api";
import type { Id } from "../../convex/_generated/dataModel";
import { REFERRAL_MESSAGES } from "../../convex/lib/referrals/rules";
import { errorData, makeUser, setupTest, signUpVerified, snapshot, userByEmail, type Backend } from "./setup";

const apply = (referralCode: string, source = "email_verification") => ({ referralCode, source });

async function balanceOf(t: Backend, userId: Id<"users">) {
  return await t.run(async (ctx) => {
    const wallet = await ctx.db.query("wallets").withIndex("by_userId", (q) => q.eq("userId", userId)).unique();
    return wallet?.balance ?? 0;
  });
}

async function codeOf(t: Backend, userId: Id<"users">) {
  return (await t.run(async (ctx) => await ctx.db.get("users", userId)))!.referralCode!;
}

async function referralRows(t: Backend) {
  return await t.run(async (ctx) => await ctx.db.query("referrals").collect());
}

afterEach(() => {
  delete process.env.DEFAULT_REFERRER_EMAIL;
});

describe("applying a referral on sign-up", () => {
  test("a valid code credits the referrer 25 TMT through the ledger, once", async () => {
    const t = setupTest();
    const referrer = await makeUser(t, { fullName: "Rita Referrer" });
    const newbie = await makeUser(t, { fullName: "Jason Smith" });
    const code = await codeOf(t, referrer.userId);
    expect(await newbie.as.mutation(api.referrals.applyOnSignup, apply(code.toLowerCase()))).toEqual({
      success: true,
      defaultReferrerUsed: false,
    });
    expect(await balanceOf(t, referrer.userId)).toBe(25);
    const history = await referrer.as.query(api.wallet.overview, {});
    expect(history?.transactions[0]).toMatchObject({ amount: 25, type: "earned", source: "referral", description: "Referral bonus: J***n S. joined" });

    // A second application (a phone sign-in, a reloaded callback) changes nothing.
    const before = await snapshot(t);
    expect(await newbie.as.mutation(api.referrals.applyOnSignup, apply(code))).toEqual({ success: false, defaultReferrerUsed: false });
    expect(await newbie.as.mutation(api.referrals.applyOnSignup, apply(""))).toEqual({ success: false, defaultReferrerUsed: false });
    expect(await snapshot(t)).toEqual(before);
    expect(await balanceOf(t, referrer.userId)).toBe(25);
  });

  test("no code goes to the default referrer: the first admin when DEFAULT_REFERRER_EMAIL is unset", async () => {
    const t = setupTest();
    const admin = await makeUser(t, { role: "admin" });
    const newbie = await makeUser(t);
    expect(await newbie.as.mutation(api.referrals.applyOnSignup, apply(""))).toEqual({ success: true, defaultReferrerUsed: true });
    expect(await balanceOf(t, admin.userId)).toBe(25);
    expect(await referralRows(t)).toMatchObject([{ referrerId: admin.userId, referredId: newbie.userId, code: "", source: "email_verification" }]);
  });

  test("an unknown code goes to the configured default referrer", async () => {
    const t = setupTest();
    await makeUser(t, { role: "admin" });
    const chosen = await makeUser(t, { email: "default@example.com" });
    process.env.DEFAULT_REFERRER_EMAIL = "Default@Example.com";
    const newbie = await makeUser(t);
    expect(await newbie.as.mutation(api.referrals.applyOnSignup, apply("NOSUCHCODE", "nft_tagging"))).toEqual({
      success: true,
      defaultReferrerUsed: true,
    });
    expect(await balanceOf(t, chosen.userId)).toBe(25);
    expect(await referralRows(t)).toMatchObject([{ code: "NOSUCHCODE", source: "nft_tagging", defaultReferrerUsed: true }]);
  });

  test("the default referrer signing up without a code is nobody's referral", async () => {
    const t = setupTest();
    const admin = await makeUser(t, { role: "admin" });
    const before = await snapshot(t);
    expect(await admin.as.mutation(api.referrals.applyOnSignup, apply(""))).toEqual({ success: false, defaultReferrerUsed: false });
    expect(await snapshot(t)).toEqual(before);
  });

  test.each([
    ["one's own code", "jane@example.com", {}],
    ["a dotted alias of one's mailbox", "j.a.n.e@example.com", {}],
    ["a +tag alias of one's mailbox", "JANE+promo@Example.com", {}],
    ["one's mailbox with a trailing root dot", "jane@example.com.", {}],
    ["one's mailbox with a quoted local part", '"jane"@example.com', {}],
    ["a googlemail alias of a gmail mailbox", "ja.ne@googlemail.com", { owner: "jane@gmail.com" }],
    ["another mailbox on the same phone", "other@example.com", { phone: "+447911123456" }],
  ] as [string, string, { phone?: string; owner?: string }][])("refuses %s, writing nothing", async (name, email, extra) => {
    const t = setupTest();
    const owner = await makeUser(t, { email: extra.owner ?? "jane@example.com" });
    await t.run(async (ctx) => await ctx.db.patch("users", owner.userId, { phone: "+447911123456" }));
    const other =
      name === "one's own code" ? owner : await makeUser(t, { email });
    if (extra.phone !== undefined) await t.run(async (ctx) => await ctx.db.patch("users", other.userId, { phone: extra.phone }));
    const code = await codeOf(t, owner.userId);
    const before = await snapshot(t);
    expect(await errorData(() => other.as.mutation(api.referrals.applyOnSignup, apply(code)))).toEqual({
      code: "INVALID",
      message: REFERRAL_MESSAGES.selfReferral,
    });
    expect(await snapshot(t)).toEqual(before);
  });

  test("refuses cycles: whoever I referred (directly or not) cannot refer me", async () => {
    const t = setupTest();
    const a = await makeUser(t);
    const b = await makeUser(t);
    const c = await makeUser(t);
    await b.as.mutation(api.referrals.applyOnSignup, apply(await codeOf(t, a.userId)));
    await c.as.mutation(api.referrals.applyOnSignup, apply(await codeOf(t, b.userId)));
    const before = await snapshot(t);
    for (const referrer of [b, c]) {
      const code = await codeOf(t, referrer.userId);
      expect(await errorData(() => a.as.mutation(api.referrals.applyOnSignup, apply(code)))).toEqual({
        code: "INVALID",
        message: REFERRAL_MESSAGES.cycle,
      });
    }
    expect(await snapshot(t)).toEqual(before);
  });

  test.each([
    ["a malformed code", apply("bad code!"), REFERRAL_MESSAGES.invalidCode],
    ["an over-long code", apply("A".repeat(65)), REFERRAL_MESSAGES.invalidCode],
    ["a source with control characters", apply("", "x\u0000y"), REFERRAL_MESSAGES.invalidSource],
    ["an over-long source", apply("", "s".repeat(65)), REFERRAL_MESSAGES.invalidSource],
  ])("refuses %s with a clear error, writing nothing", async (_name, args, message) => {
    const t = setupTest();
    await makeUser(t, { role: "admin" });
    const newbie = await makeUser(t);
    const before = await snapshot(t);
    expect(await errorData(() => newbie.as.mutation(api.referrals.applyOnSignup, args))).toEqual({ code: "INVALID", message });
    expect(await snapshot(t)).toEqual(before);
  });

  test("works through the real sign-up: the referrer earns once the new account is verified", async () => {
    const t = setupTest();
    const referrer = await makeUser(t);
    const me = await signUpVerified(t, "friend@example.com");
    const result = await me.mutation(api.referrals.applyOnSignup, apply(await codeOf(t, referrer.userId)));
    expect(result).toEqual({ success: true, defaultReferrerUsed: false });
    expect(await balanceOf(t, referrer.userId)).toBe(25);
    const friend = await userByEmail(t, "friend@example.com");
    expect(await balanceOf(t, friend!._id)).toBe(50);
  });
});

describe("referral views", () => {
  test("my referrals: code, totals and masked people, newest first", async () => {
    const t = setupTest();
    const me = await makeUser(t, { fullName: "Rita Referrer" });
    const code = await codeOf(t, me.userId);
    for (const fullName of ["Jason Smith", "Al"]) {
      await (await makeUser(t, { fullName })).as.mutation(api.referrals.applyOnSignup, apply(code));
    }
    const mine = await me.as.query(api.referrals.mine, {});
    expect(mine).toMatchObject({ code, referred: 2, verified: 2, earned: 50 });
    expect(mine!.people.map((p) => [p.name, p.reward])).toEqual([["A*", 25], ["J***n S.", 25]]);
    expect(JSON.stringify(mine)).not.toContain("Jason");
    expect(await t.query(api.referrals.mine, {})).toBeNull();
  });

  test("the admin dashboard ranks referrers and counts today's sign-ups", async () => {
    const t = setupTest();
    const admin = await makeUser(t, { role: "admin", fullName: "Ada Admin" });
    const star = await makeUser(t, { fullName: "Star" });
    const starCode = await codeOf(t, star.userId);
    for (let i = 0; i < 3; i++) await (await makeUser(t)).as.mutation(api.referrals.applyOnSignup, apply(starCode));
    await (await makeUser(t)).as.mutation(api.referrals.applyOnSignup, apply(""));

    const board = await admin.as.query(api.referrals.leaderboard, { paginationOpts: { numItems: 1, cursor: null } });
    expect(board.page).toMatchObject([{ name: "Star", referred: 3, verified: 3, earned: 75 }]);
    const next = await admin.as.query(api.referrals.leaderboard, { paginationOpts: { numItems: 1, cursor: board.continueCursor } });
    expect(next.page).toMatchObject([{ name: "Ada Admin", referred: 1, earned: 25 }]);

    const stats = await admin.as.query(api.referrals.stats, {});
    expect(stats).toMatchObject({ referrers: 2, referred: 4, verified: 4, earned: 100 });
    expect(stats.days).toHaveLength(30);
    expect(stats.days[29]).toEqual({ day: new Date().toISOString().slice(0, 10), signups: 4 });
    expect(stats.days.slice(0, 29).every((d) => d.signups === 0)).toBe(true);
  });

  test("demo referrals are seeded once, paid through the ledger", async () => {
    const t = setupTest();
    await t.action(internal.seed.run, {});
    await t.action(internal.seed.run, {});
    const ivy = await userByEmail(t, "admin-influencer@example.com");
    const admin = await userByEmail(t, "admin@example.com");
    expect(await referralRows(t)).toHaveLength(4);
    expect(await balanceOf(t, ivy!._id)).toBe(50 + 50);
    expect(await balanceOf(t, admin!._id)).toBe(50 + 50);
  });
});
