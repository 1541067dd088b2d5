// The wallet and referral charts' data: the viewer's own, within the chart's window.
import { describe, expect, test, vi } from "vitest";
import { api } from "../../convex/_generated/api";
import { fundedUser, tagGeneral } from "./assets-support";
import { makeUser, setupTest, signInAgain } from "./setup";

const DAY = 24 * 60 * 60 * 1000;

describe("wallet.balanceHistory", () => {
  test("signed out: null; each user sees only their own changes of the last 31 days, newest first", async () => {
    vi.useFakeTimers();
    try {
      const t = setupTest();
      expect(await t.query(api.wallet.balanceHistory, {})).toBeNull();
      const owner = await fundedUser(t, 50);
      const other = await fundedUser(t, 70);
      vi.setSystemTime(Date.now() + 40 * DAY);
      // Sessions last 30 days: sign in again after the jump.
      const ownerNow = await signInAgain(t, owner);
      const otherNow = await signInAgain(t, other);
      await tagGeneral(ownerNow);
      const mine = await ownerNow.query(api.wallet.balanceHistory, {});
      // The 50 TMT funding is 40 days old: outside the window, but in the balance.
      expect(mine).toEqual({ balance: 45, changes: [{ at: Date.now(), amount: -5 }] });
      expect(await otherNow.query(api.wallet.balanceHistory, {})).toEqual({ balance: 70, changes: [] });
    } finally {
      vi.useRealTimers();
    }
  });
});

describe("referrals.signupHistory", () => {
  test("signed out: null; a referrer sees when people joined through them, and only them", async () => {
    const t = setupTest();
    expect(await t.query(api.referrals.signupHistory, {})).toBeNull();
    const referrer = await makeUser(t);
    const bystander = await makeUser(t);
    const { referralCode } = (await referrer.as.query(api.users.me, {}))!;
    const before = Date.now();
    for (let i = 0; i < 2; i++) {
      const friend = await makeUser(t);
      await friend.as.mutation(api.referrals.applyOnSignup, { referralCode: referralCode!, source: "email_verification" });
    }
    const mine = await referrer.as.query(api.referrals.signupHistory, {});
    expect(mine!.times).toHaveLength(2);
    for (const at of mine!.times) expect(at).toBeGreaterThanOrEqual(before);
    expect(await bystander.as.query(api.referrals.signupHistory, {})).toEqual({ times: [] });
  });
});
