import { afterEach, describe, expect, test, vi } from "vitest";
import { api } from "../../convex/_generated/api";
import {
  asToken,
  errorData,
  lastMessageTo,
  linkParams,
  setupTest,
  signIn,
  SITE_URL,
  snapshot,
  userByEmail,
} from "./setup";

afterEach(() => {
  vi.useRealTimers();
});

test("the deployment publishes the JWKS that verifies its tokens", async () => {
  const t = setupTest();
  const response = await t.fetch("/.well-known/jwks.json");
  expect(response.status).toBe(200);
  expect(await response.json()).toEqual(JSON.parse(process.env.JWKS!));
});

describe("email and password", () => {
  test("sign-up sends a verification link and verifying it signs the user in", async () => {
    const t = setupTest();
    const started = await signIn(t, "password", {
      flow: "signUp",
      email: "  New.Person@Example.com ",
      password: "secret123",
      from: "tagging_page",
      ref: "abcd2345",
    });
    expect(started.tokens).toBeNull();

    const mail = await lastMessageTo(t, "new.person@example.com");
    expect(mail?.channel).toBe("email");
    const { url, params } = linkParams(mail!.link);
    expect(`${url.origin}${url.pathname}`).toBe(`${SITE_URL}/auth/callback`);
    expect(Object.keys(params)).toEqual(["code", "email", "from", "ref"]);
    expect(params).toMatchObject({ email: "new.person@example.com", from: "tagging_page", ref: "ABCD2345" });
    expect(params.code.length).toBeGreaterThanOrEqual(8);
    expect(mail!.body).toContain(mail!.link);

    const verified = await signIn(t, "password", {
      flow: "email-verification",
      email: params.email,
      code: params.code,
    });
    expect(verified.tokens?.token).toBeTruthy();
    const me = await asToken(t, verified.tokens!.token).query(api.users.me, {});
    expect(me).toMatchObject({ email: "new.person@example.com", emailVerified: true });
  });

  test("the link defaults 'from' to email_verification and leaves out ref", async () => {
    const t = setupTest();
    await signIn(t, "password", { flow: "signUp", email: "a@example.com", password: "secret123" });
    const { params } = linkParams((await lastMessageTo(t, "a@example.com"))!.link);
    expect(params.from).toBe("email_verification");
    expect(params).not.toHaveProperty("ref");
  });

  test("a wrong verification code is refused and creates no session", async () => {
    const t = setupTest();
    await signIn(t, "password", { flow: "signUp", email: "a@example.com", password: "secret123" });
    const err = await errorData(() =>
      signIn(t, "password", { flow: "email-verification", email: "a@example.com", code: "WRONGCODE" }),
    );
    expect(err).toEqual({ code: "INVALID", message: "Invalid verification code" });
    const sessions = await t.run(async (ctx) => await ctx.db.query("authSessions").collect());
    expect(sessions).toHaveLength(0);
  });

  test("signing in before verifying sends a fresh link instead of a session", async () => {
    const t = setupTest();
    await signIn(t, "password", { flow: "signUp", email: "a@example.com", password: "secret123" });
    const first = (await lastMessageTo(t, "a@example.com"))!.link;
    const result = await signIn(t, "password", { flow: "signIn", email: "a@example.com", password: "secret123" });
    expect(result.tokens).toBeNull();
    const second = (await lastMessageTo(t, "a@example.com"))!.link;
    expect(second).not.toBe(first);
  });

  test("a verified user signs in with the right password only", async () => {
    const t = setupTest();
    await signUpAndVerify(t);
    const ok = await signIn(t, "password", { flow: "signIn", email: "A@example.com", password: "secret123" });
    expect(ok.tokens?.token).toBeTruthy();
    const err = await errorData(() =>
      signIn(t, "password", { flow: "signIn", email: "a@example.com", password: "wrong-one" }),
    );
    expect(err).toEqual({ code: "INVALID", message: "Invalid email or password" });
    const unknown = await errorData(() =>
      signIn(t, "password", { flow: "signIn", email: "nobody@example.com", password: "secret123" }),
    );
    expect(unknown).toEqual({ code: "INVALID", message: "Invalid email or password" });
  });

  test("malformed emails and short passwords are refused before anything is stored", async () => {
    const t = setupTest();
    const before = await snapshot(t);
    expect(await errorData(() => signIn(t, "password", { flow: "signUp", email: "not-an-email", password: "secret123" })))
      .toEqual({ code: "INVALID", message: "Please enter a valid email address" });
    expect(await errorData(() => signIn(t, "password", { flow: "signUp", email: "a@example.com", password: "12345" })))
      .toEqual({ code: "INVALID", message: "Password must be at least 6 characters" });
    expect(await snapshot(t)).toEqual(before);
  });

  test("signing up twice with another password is refused", async () => {
    const t = setupTest();
    await signUpAndVerify(t);
    const err = await errorData(() =>
      signIn(t, "password", { flow: "signUp", email: "a@example.com", password: "different1" }),
    );
    expect(err.code).toBe("INVALID");
  });

  test("wrong passwords count towards a lock-out, after which even the right one is refused", async () => {
    const t = setupTest();
    await signUpAndVerify(t);
    // Nine failures already this hour (Convex Auth allows ten), to keep scrypt work small.
    await t.run(async (ctx) => {
      const account = await ctx.db.query("authAccounts").first();
      await ctx.db.insert("authRateLimits", { identifier: account!._id, attemptsLeft: 1, lastAttemptTime: Date.now() });
    });
    expect((await errorData(() => signIn(t, "password", { flow: "signIn", email: "a@example.com", password: "nope-nope" }))).code)
      .toBe("INVALID");
    const err = await errorData(() =>
      signIn(t, "password", { flow: "signIn", email: "a@example.com", password: "secret123" }),
    );
    expect(err).toEqual({ code: "RATE_LIMITED", message: "Too many failed attempts. Please try again later." });
  });
});

describe("password reset", () => {
  test("the reset link works once, and the old password stops working", async () => {
    const t = setupTest();
    await signUpAndVerify(t);
    await signIn(t, "password", { flow: "reset", email: "A@Example.com" });
    const mail = (await lastMessageTo(t, "a@example.com"))!;
    const { url, params } = linkParams(mail.link);
    expect(`${url.origin}${url.pathname}`).toBe(`${SITE_URL}/reset-password`);
    expect(Object.keys(params)).toEqual(["token", "type", "email"]);
    expect(params).toMatchObject({ type: "recovery", email: "a@example.com" });

    expect(await t.query(api.passwordReset.checkResetLink, { email: "a@example.com", token: params.token }))
      .toEqual({ valid: true });
    expect(await t.query(api.passwordReset.checkResetLink, { email: "a@example.com", token: "nope" }))
      .toEqual({ valid: false });
    expect(await t.query(api.passwordReset.checkResetLink, { email: "b@example.com", token: params.token }))
      .toEqual({ valid: false });

    const short = await errorData(() =>
      signIn(t, "password", { flow: "reset-verification", email: "a@example.com", code: params.token, newPassword: "123" }),
    );
    expect(short.message).toBe("Password must be at least 6 characters");

    const done = await signIn(t, "password", {
      flow: "reset-verification",
      email: "a@example.com",
      code: params.token,
      newPassword: "brand-new",
    });
    expect(done.tokens?.token).toBeTruthy();
    expect(await t.query(api.passwordReset.checkResetLink, { email: "a@example.com", token: params.token }))
      .toEqual({ valid: false });

    expect((await errorData(() => signIn(t, "password", { flow: "signIn", email: "a@example.com", password: "secret123" }))).code)
      .toBe("INVALID");
    const fresh = await signIn(t, "password", { flow: "signIn", email: "a@example.com", password: "brand-new" });
    expect(fresh.tokens?.token).toBeTruthy();
  });

  test("wrong and expired reset tokens are refused with the same 'invalid or expired link' message", async () => {
    vi.useFakeTimers({ toFake: ["Date"] });
    const t = setupTest();
    await signUpAndVerify(t);
    const refusal = { code: "INVALID", message: "Invalid or expired reset link. Please request a new one." };
    expect(await errorData(() =>
      signIn(t, "password", { flow: "reset-verification", email: "a@example.com", code: "bogus", newPassword: "brand-new" }),
    )).toEqual(refusal);

    await signIn(t, "password", { flow: "reset", email: "a@example.com" });
    const { params } = linkParams((await lastMessageTo(t, "a@example.com"))!.link);
    vi.setSystemTime(Date.now() + 60 * 60 * 1000 + 1);
    expect(await t.query(api.passwordReset.checkResetLink, { email: "a@example.com", token: params.token }))
      .toEqual({ valid: false });
    expect(await errorData(() =>
      signIn(t, "password", { flow: "reset-verification", email: "a@example.com", code: params.token, newPassword: "brand-new" }),
    )).toEqual(refusal);
  });

  test("an unknown address gets the same answer and no email", async () => {
    const t = setupTest();
    const result = await signIn(t, "password", { flow: "reset", email: "ghost@example.com" });
    expect(result.tokens).toBeNull();
    expect(await lastMessageTo(t, "ghost@example.com")).toBeNull();
  });
});

describe("sending limits", () => {
  test("a fourth email to the same address within a minute is refused", async () => {
    const t = setupTest();
    await signIn(t, "password", { flow: "signUp", email: "a@example.com", password: "secret123" });
    await signIn(t, "password", { flow: "signIn", email: "a@example.com", password: "secret123" });
    await signIn(t, "password", { flow: "signIn", email: "a@example.com", password: "secret123" });
    const lastLink = (await lastMessageTo(t, "a@example.com"))!.link;
    const err = await errorData(() =>
      signIn(t, "password", { flow: "signIn", email: "a@example.com", password: "secret123" }),
    );
    expect(err).toEqual({ code: "RATE_LIMITED", message: "Too many requests. Please try again in 1 minute." });
    // The link already sent still works.
    const { params } = linkParams(lastLink);
    const ok = await signIn(t, "password", { flow: "email-verification", email: "a@example.com", code: params.code });
    expect(ok.tokens?.token).toBeTruthy();
  });
});

async function signUpAndVerify(t: ReturnType<typeof setupTest>) {
  await signIn(t, "password", { flow: "signUp", email: "a@example.com", password: "secret123" });
  const { params } = linkParams((await lastMessageTo(t, "a@example.com"))!.link);
  await signIn(t, "password", { flow: "email-verification", email: "a@example.com", code: params.code });
  expect((await userByEmail(t, "a@example.com"))?.emailVerificationTime).toBeDefined();
}
