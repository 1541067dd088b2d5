import { afterEach, beforeEach, describe, expect, test, vi } from "vitest";
import { api } from "../../convex/_generated/api";
import { base32Encode, hashRecoveryCode, hotp, matchTotp, otpauthUri, totpAt } from "../../convex/lib/auth/totp";
import {
  asToken,
  errorData,
  lastMessageTo,
  linkParams,
  makeUser,
  setupTest,
  signIn,
  signUpVerified,
  type Backend,
  type Client,
} from "./setup";

// RFC 6238 appendix B, SHA-1 rows (the 8-digit values end in these 6 digits).
const RFC_SECRET = base32Encode(new TextEncoder().encode("12345678901234567890"));
const RFC_VECTORS: [number, string][] = [
  [59, "287082"],
  [1111111109, "081804"],
  [1111111111, "050471"],
  [1234567890, "005924"],
  [2000000000, "279037"],
  [20000000000, "353130"],
];

describe("lib/totp", () => {
  test.each(RFC_VECTORS)("RFC 6238 vector at %i s", async (seconds, code) => {
    expect(await totpAt(RFC_SECRET, seconds * 1000)).toBe(code);
  });

  test("RFC 4226 HOTP vectors", async () => {
    expect(await hotp(RFC_SECRET, 0)).toBe("755224");
    expect(await hotp(RFC_SECRET, 9)).toBe("520489");
  });

  test("one step of drift either way, no replays, only six digits", async () => {
    const now = 1_700_000_000_000;
    const step = Math.floor(now / 30_000);
    expect(await matchTotp(RFC_SECRET, await totpAt(RFC_SECRET, now - 30_000), now)).toBe(step - 1);
    expect(await matchTotp(RFC_SECRET, await totpAt(RFC_SECRET, now + 30_000), now)).toBe(step + 1);
    expect(await matchTotp(RFC_SECRET, await totpAt(RFC_SECRET, now - 60_000), now)).toBeNull();
    expect(await matchTotp(RFC_SECRET, await totpAt(RFC_SECRET, now), now, step)).toBeNull();
    expect(await matchTotp(RFC_SECRET, "12345", now)).toBeNull();
  });

  test("otpauth URI for the QR code", () => {
    expect(otpauthUri("ABC", "a@example.com")).toBe(
      "otpauth://totp/TagMyThing%3Aa%40example.com?secret=ABC&issuer=TagMyThing&algorithm=SHA1&digits=6&period=30",
    );
  });
});

beforeEach(() => {
  vi.useFakeTimers({ toFake: ["Date"] });
});
afterEach(() => {
  vi.useRealTimers();
});

/** Moves the clock to the next 30-second step (each accepted code uses up its step). */
function nextStep() {
  vi.setSystemTime(Date.now() + 30_000);
}

async function enrol(as: Client) {
  const { secret, uri } = await as.mutation(api.twoFactor.start, {});
  expect(uri).toContain(`secret=${secret}`);
  const { recoveryCodes } = await as.action(api.twoFactor.confirm, { code: await totpAt(secret, Date.now()) });
  nextStep();
  return { secret, recoveryCodes };
}

describe("enrolment", () => {
  test("start → confirm turns it on with ten recovery codes stored only as hashes", async () => {
    const t = setupTest();
    const { as, userId } = await makeUser(t);
    expect(await as.query(api.twoFactor.status, {})).toMatchObject({ available: true, enabled: false });
    const { secret } = await as.mutation(api.twoFactor.start, {});
    expect(secret).toMatch(/^[A-Z2-7]{32}$/);
    expect((await errorData(() => as.action(api.twoFactor.confirm, { code: "000000" }))).message).toBe(
      "Invalid authentication code",
    );
    expect((await as.query(api.twoFactor.status, {})).enabled).toBe(false);
    const { recoveryCodes } = await as.action(api.twoFactor.confirm, { code: await totpAt(secret, Date.now()) });
    expect(recoveryCodes).toHaveLength(10);
    expect(new Set(recoveryCodes).size).toBe(10);
    expect(await as.query(api.twoFactor.status, {})).toMatchObject({ enabled: true, recoveryCodesLeft: 10 });
    const row = await t.run(async (ctx) =>
      await ctx.db.query("twoFactor").withIndex("by_userId", (q) => q.eq("userId", userId)).unique(),
    );
    expect(row?.pendingSecret).toBeUndefined();
    expect(row?.recoveryCodeHashes).toEqual(await Promise.all(recoveryCodes.map(hashRecoveryCode)));
    expect(JSON.stringify(row)).not.toContain(recoveryCodes[0]);
    // Once on, it cannot be restarted (that would swap the secret without a code).
    expect((await errorData(() => as.mutation(api.twoFactor.start, {}))).code).toBe("INVALID");
  });

  test("confirm without start, and disable when off, are refused", async () => {
    const t = setupTest();
    const { as } = await makeUser(t);
    expect((await errorData(() => as.action(api.twoFactor.confirm, { code: "123456" }))).code).toBe("INVALID");
    expect((await errorData(() => as.action(api.twoFactor.disable, { code: "123456" }))).code).toBe("INVALID");
  });

  test("disable needs a code; a recovery code works too", async () => {
    const t = setupTest();
    const { as } = await makeUser(t);
    const { recoveryCodes } = await enrol(as);
    expect((await errorData(() => as.action(api.twoFactor.disable, { code: "000000" }))).code).toBe("INVALID");
    await as.action(api.twoFactor.disable, { code: recoveryCodes[3].toLowerCase() });
    expect((await as.query(api.twoFactor.status, {})).enabled).toBe(false);
  });

  test("new recovery codes need an authenticator code; the old set stops working", async () => {
    const t = setupTest();
    const { as, userId } = await makeUser(t);
    // Off: nothing to regenerate.
    expect((await errorData(() => as.action(api.twoFactor.regenerateRecoveryCodes, { code: "123456" }))).message).toBe(
      "Two-factor authentication is not on",
    );
    const { secret, recoveryCodes: old } = await enrol(as);
    // A recovery code cannot mint a new set, and a wrong code changes nothing.
    const hashesBefore = await t.run(async (ctx) =>
      (await ctx.db.query("twoFactor").withIndex("by_userId", (q) => q.eq("userId", userId)).unique())?.recoveryCodeHashes,
    );
    expect((await errorData(() => as.action(api.twoFactor.regenerateRecoveryCodes, { code: old[0] }))).code).toBe("INVALID");
    expect((await errorData(() => as.action(api.twoFactor.regenerateRecoveryCodes, { code: "000000" }))).code).toBe("INVALID");
    const hashesAfterRefusals = await t.run(async (ctx) =>
      (await ctx.db.query("twoFactor").withIndex("by_userId", (q) => q.eq("userId", userId)).unique())?.recoveryCodeHashes,
    );
    expect(hashesAfterRefusals).toEqual(hashesBefore);

    const { recoveryCodes: fresh } = await as.action(api.twoFactor.regenerateRecoveryCodes, { code: await totpAt(secret, Date.now()) });
    expect(fresh).toHaveLength(10);
    expect(fresh.filter((code) => old.includes(code))).toEqual([]);
    expect(await as.query(api.twoFactor.status, {})).toMatchObject({ enabled: true, recoveryCodesLeft: 10 });
    // The old set no longer turns two-factor off; a new code does.
    expect((await errorData(() => as.action(api.twoFactor.disable, { code: old[1] }))).code).toBe("INVALID");
    await as.action(api.twoFactor.disable, { code: fresh[0] });
    expect((await as.query(api.twoFactor.status, {})).enabled).toBe(false);
  });

  test("five wrong codes lock further tries, right ones included, until the budget of five per 15 minutes refills", async () => {
    const t = setupTest();
    const { as } = await makeUser(t);
    const { secret } = await enrol(as);
    for (let i = 0; i < 5; i++) {
      expect((await errorData(() => as.action(api.twoFactor.disable, { code: "000000" }))).code).toBe("INVALID");
    }
    const locked = await errorData(async () => as.action(api.twoFactor.disable, { code: await totpAt(secret, Date.now()) }));
    expect(locked).toEqual({ code: "RATE_LIMITED", message: "Too many failed attempts. Please try again in 3 minutes." });
    vi.setSystemTime(Date.now() + 15 * 60_000);
    await as.action(api.twoFactor.disable, { code: await totpAt(secret, Date.now()) });
  });
});

describe("the sign-in challenge", () => {
  async function enrolledAccount(t: Backend) {
    const client = await signUpVerified(t, "mfa@example.com", "secret123");
    return await enrol(client);
  }
  const credentials = { flow: "signIn", email: "mfa@example.com", password: "secret123" };

  test("the right password alone gets MFA_REQUIRED; with the code it signs in", async () => {
    const t = setupTest();
    const { secret } = await enrolledAccount(t);
    expect(await errorData(() => signIn(t, "password", credentials))).toEqual({
      code: "MFA_REQUIRED",
      message: "Enter the 6-digit code from your authenticator app",
    });
    // A wrong password is still just a wrong password: no hint that MFA is on.
    expect((await errorData(() => signIn(t, "password", { ...credentials, password: "nope-nope" }))).code).toBe(
      "INVALID",
    );
    expect(
      (await errorData(() => signIn(t, "password", { ...credentials, totp: "000000" }))).message,
    ).toBe("Invalid authentication code");
    const code = await totpAt(secret, Date.now());
    const result = await signIn(t, "password", { ...credentials, totp: code });
    const me = await asToken(t, result.tokens!.token).query(api.users.me, {});
    expect(me?.email).toBe("mfa@example.com");
    // The same code cannot be replayed.
    expect((await errorData(() => signIn(t, "password", { ...credentials, totp: code }))).code).toBe("INVALID");
  });

  test("a recovery code signs in once", async () => {
    const t = setupTest();
    const { recoveryCodes } = await enrolledAccount(t);
    const result = await signIn(t, "password", { ...credentials, recoveryCode: recoveryCodes[0] });
    expect(result.tokens?.token).toBeTruthy();
    const client = asToken(t, result.tokens!.token);
    expect((await client.query(api.twoFactor.status, {})).recoveryCodesLeft).toBe(9);
    expect(
      (await errorData(() => signIn(t, "password", { ...credentials, recoveryCode: recoveryCodes[0] }))).code,
    ).toBe("INVALID");
  });

  test("a password reset does not bypass the second factor", async () => {
    const t = setupTest();
    const { secret } = await enrolledAccount(t);
    await signIn(t, "password", { flow: "reset", email: "mfa@example.com" });
    const { params } = linkParams((await lastMessageTo(t, "mfa@example.com"))!.link);
    const reset = await signIn(t, "password", {
      flow: "reset-verification",
      email: "mfa@example.com",
      code: params.token,
      newPassword: "brand-new-pass",
    });
    expect(reset.tokens ?? null).toBeNull();
    expect(await t.run(async (ctx) => await ctx.db.query("authSessions").collect())).toEqual([]);
    const next = { ...credentials, password: "brand-new-pass" };
    expect((await errorData(() => signIn(t, "password", next))).code).toBe("MFA_REQUIRED");
    const result = await signIn(t, "password", { ...next, totp: await totpAt(secret, Date.now()) });
    expect(result.tokens?.token).toBeTruthy();
  });
});
