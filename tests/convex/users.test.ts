import { afterEach, describe, expect, test, vi } from "vitest";
import { api } from "../../convex/_generated/api";
import { REFERRAL_CODE_ALPHABET } from "../../convex/lib/constants";
import { ensureProfile } from "../../convex/lib/auth/profiles";
import { errorData, makeUser, setupTest, signIn, signUpVerified, userByEmail } from "./setup";

afterEach(() => {
  vi.useRealTimers();
});

describe("profiles", () => {
  test("a new user gets the default profile and a unique referral code", async () => {
    const t = setupTest();
    const alice = await signUpVerified(t, "alice.smith@example.com");
    const bob = await signUpVerified(t, "bob@example.com");
    const a = await alice.query(api.users.me, {});
    const b = await bob.query(api.users.me, {});
    expect(a).toMatchObject({
      email: "alice.smith@example.com",
      phone: null,
      fullName: "alice.smith",
      avatarUrl: null,
      role: "influencer",
      isBusinessUser: false,
      isAdminInfluencer: false,
      emailVerified: true,
      lastActiveAt: null,
    });
    for (const code of [a!.referralCode, b!.referralCode]) {
      expect(code).toHaveLength(8);
      expect([...code].every((c) => REFERRAL_CODE_ALPHABET.includes(c))).toBe(true);
    }
    expect(a!.referralCode).not.toBe(b!.referralCode);
  });

  test("the profile is created when the email is verified, not at sign-up", async () => {
    const t = setupTest();
    await signIn(t, "password", { flow: "signUp", email: "carol@example.com", password: "secret123" });
    expect(await userByEmail(t, "carol@example.com")).toBeNull();
    await signUpVerified(t, "carol@example.com");
    const user = await userByEmail(t, "carol@example.com");
    expect(user).toMatchObject({ role: "influencer", isBusinessUser: false, isAdminInfluencer: false });
    expect(user?.referralCode).toHaveLength(8);
    expect(user?.emailVerificationTime).toBeDefined();
  });

  test("a referral code that is already taken is drawn again", async () => {
    const t = setupTest();
    const newcomer = await t.run(async (ctx) => {
      await ctx.db.insert("users", { email: "old@example.com", referralCode: "AAAAAAAA" });
      return await ctx.db.insert("users", { email: "new@example.com" });
    });
    const real = crypto.getRandomValues.bind(crypto);
    // The first draw yields all zero bytes, i.e. "AAAAAAAA", the taken code.
    const spy = vi.spyOn(crypto, "getRandomValues").mockImplementationOnce((array) => array);
    spy.mockImplementation(real);
    await t.run(async (ctx) => await ensureProfile(ctx, newcomer));
    expect(spy.mock.calls.length).toBeGreaterThanOrEqual(2);
    spy.mockRestore();
    const code = (await t.run(async (ctx) => await ctx.db.get("users", newcomer)))?.referralCode;
    expect(code).toHaveLength(8);
    expect(code).not.toBe("AAAAAAAA");
  });

  test("me is null when signed out", async () => {
    const t = setupTest();
    expect(await t.query(api.users.me, {})).toBeNull();
  });

  test("a user without a stored role is an influencer", async () => {
    const t = setupTest();
    const { userId, as } = await makeUser(t);
    await t.run(async (ctx) => await ctx.db.patch("users", userId, { role: undefined }));
    expect((await as.query(api.users.me, {}))?.role).toBe("influencer");
  });
});

describe("activity", () => {
  test("activity is written at most once a minute", async () => {
    vi.useFakeTimers({ toFake: ["Date"] });
    const t = setupTest();
    const { as } = await makeUser(t);
    await as.mutation(api.users.updateActivity, {});
    const first = (await as.query(api.users.me, {}))!.lastActiveAt!;
    expect(first).toBe(Date.now());

    vi.setSystemTime(first + 30_000);
    await as.mutation(api.users.updateActivity, {});
    expect((await as.query(api.users.me, {}))!.lastActiveAt).toBe(first);

    vi.setSystemTime(first + 60_000);
    await as.mutation(api.users.updateActivity, {});
    expect((await as.query(api.users.me, {}))!.lastActiveAt).toBe(first + 60_000);
  });

  test("signed-out visitors cannot record activity", async () => {
    const t = setupTest();
    expect((await errorData(() => t.mutation(api.users.updateActivity, {}))).code).toBe("NOT_AUTHENTICATED");
  });
});

describe("updateProfile", () => {
  test("saves a trimmed name and an http(s) avatar, and clears them with empty strings", async () => {
    const t = setupTest();
    const { as } = await makeUser(t);
    await as.mutation(api.users.updateProfile, { fullName: "  Dana Doe ", avatarUrl: "https://img.example.com/d.png" });
    expect(await as.query(api.users.me, {})).toMatchObject({
      fullName: "Dana Doe",
      avatarUrl: "https://img.example.com/d.png",
    });
    await as.mutation(api.users.updateProfile, { fullName: "", avatarUrl: "" });
    expect(await as.query(api.users.me, {})).toMatchObject({ fullName: null, avatarUrl: null });
  });

  test("refuses a name over 100 characters and a non-http avatar, changing nothing", async () => {
    const t = setupTest();
    const { as } = await makeUser(t, { fullName: "Kept Name" });
    expect(await errorData(() => as.mutation(api.users.updateProfile, { fullName: "x".repeat(101), avatarUrl: "" })))
      .toEqual({ code: "INVALID", message: "Full name must be at most 100 characters" });
    expect(await errorData(() => as.mutation(api.users.updateProfile, { fullName: "Ok", avatarUrl: "javascript:alert(1)" })))
      .toEqual({ code: "INVALID", message: "Avatar URL must start with http:// or https://" });
    expect((await as.query(api.users.me, {}))?.fullName).toBe("Kept Name");
  });
});

describe("changePassword", () => {
  test("needs the current password; afterwards only the new one works", async () => {
    const t = setupTest();
    const erin = await signUpVerified(t, "erin@example.com", "first-pass");
    expect(await errorData(() => erin.action(api.users.changePassword, { currentPassword: "wrong-pass", newPassword: "second-pass" })))
      .toEqual({ code: "INVALID", message: "Current password is incorrect" });
    expect(await errorData(() => erin.action(api.users.changePassword, { currentPassword: "first-pass", newPassword: "123" })))
      .toEqual({ code: "INVALID", message: "Password must be at least 6 characters" });
    // The same strength rules as sign-up and reset: a common password is refused.
    expect((await errorData(() => erin.action(api.users.changePassword, { currentPassword: "first-pass", newPassword: "password123" }))).code)
      .toBe("WEAK_PASSWORD");

    await erin.action(api.users.changePassword, { currentPassword: "first-pass", newPassword: "second-pass" });
    expect((await errorData(() => signIn(t, "password", { flow: "signIn", email: "erin@example.com", password: "first-pass" }))).code)
      .toBe("INVALID");
    const ok = await signIn(t, "password", { flow: "signIn", email: "erin@example.com", password: "second-pass" });
    expect(ok.tokens?.token).toBeTruthy();
  });
});
