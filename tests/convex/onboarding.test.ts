// The dashboard's getting-started checklist: each step read live from the owner's own
// data (another user's progress never counts), and a dismissal that sticks.
import { describe, expect, test, vi } from "vitest";
import { api } from "../../convex/_generated/api";
import { showOnboarding } from "../../convex/lib/onboarding/rules";
import { tagGeneral, fundedUser } from "./assets-support";
import { contactInput } from "./legacy-support";
import { errorData, makeUser, setupTest } from "./setup";

const doneSteps = (o: { steps: { step: string; done: boolean }[] } | null) => o!.steps.filter((s) => s.done).map((s) => s.step);

describe("onboarding checklist", () => {
  test("signed out: nothing, and dismissing is refused", async () => {
    const t = setupTest();
    expect(await t.query(api.onboarding.checklist, {})).toBeNull();
    expect((await errorData(() => t.mutation(api.onboarding.dismiss, {}))).code).toBe("NOT_AUTHENTICATED");
  });

  test("each step ticks off live from the owner's own data; another user's never counts", async () => {
    vi.useFakeTimers();
    try {
      const t = setupTest();
      const owner = await fundedUser(t, 50);
      const other = await fundedUser(t, 50);
      const fresh = await owner.as.query(api.onboarding.checklist, {});
      expect(fresh).toEqual({
        steps: [
          { step: "verify", done: true },
          { step: "tag", done: false },
          { step: "nextOfKin", done: false },
          { step: "invite", done: false },
        ],
        dismissed: false,
      });
      expect(showOnboarding(fresh!)).toBe(true);

      // The other user's progress leaves the owner's list as it was.
      await tagGeneral(other.as);
      await other.as.mutation(api.nextOfKin.add, contactInput("Zed"));
      expect(doneSteps(await owner.as.query(api.onboarding.checklist, {}))).toEqual(["verify"]);
      expect(doneSteps(await other.as.query(api.onboarding.checklist, {}))).toEqual(["verify", "tag", "nextOfKin"]);

      await tagGeneral(owner.as);
      await owner.as.mutation(api.nextOfKin.add, contactInput("Ann"));
      const { referralCode } = (await owner.as.query(api.users.me, {}))!;
      const friend = await makeUser(t);
      await friend.as.mutation(api.referrals.applyOnSignup, { referralCode: referralCode!, source: "email_verification" });
      const all = await owner.as.query(api.onboarding.checklist, {});
      expect(doneSteps(all)).toEqual(["verify", "tag", "nextOfKin", "invite"]);
      expect(showOnboarding(all!)).toBe(false);
    } finally {
      vi.useRealTimers();
    }
  });

  test("an account without a verified address has the first step open", async () => {
    const t = setupTest();
    const user = await makeUser(t);
    await t.run(async (ctx) => await ctx.db.patch("users", user.userId, { emailVerificationTime: undefined }));
    expect((await user.as.query(api.onboarding.checklist, {}))!.steps[0]).toEqual({ step: "verify", done: false });
  });

  test("dismissing hides it for this user only, and twice is harmless", async () => {
    const t = setupTest();
    const owner = await makeUser(t);
    const other = await makeUser(t);
    await owner.as.mutation(api.onboarding.dismiss, {});
    await owner.as.mutation(api.onboarding.dismiss, {});
    const mine = await owner.as.query(api.onboarding.checklist, {});
    expect(mine!.dismissed).toBe(true);
    expect(showOnboarding(mine!)).toBe(false);
    expect((await other.as.query(api.onboarding.checklist, {}))!.dismissed).toBe(false);
  });
});
