import { afterEach, describe, expect, test, vi } from "vitest";
import { api } from "../../convex/_generated/api";
import { asToken, errorData, lastMessageTo, setupTest, signIn, snapshot } from "./setup";

const PHONE = "+447911123456";

async function smsCode(t: ReturnType<typeof setupTest>, phone = PHONE) {
  const sms = await lastMessageTo(t, phone);
  expect(sms?.channel).toBe("sms");
  const code = /\b(\d{6})\b/.exec(sms!.body)?.[1];
  expect(code).toMatch(/^\d{6}$/);
  return code!;
}

afterEach(() => {
  vi.useRealTimers();
});

describe("phone sign-in", () => {
  test("a 6-digit code arrives by SMS and signs the user in", async () => {
    const t = setupTest();
    const started = await signIn(t, "phone", { phone: PHONE });
    expect(started).toEqual({ tokens: null });
    const code = await smsCode(t);
    const result = await signIn(t, "phone", { phone: PHONE, code });
    expect(result.tokens?.token).toBeTruthy();
    const me = await asToken(t, result.tokens!.token).query(api.users.me, {});
    expect(me).toMatchObject({ phone: PHONE, email: null, fullName: null, role: "influencer" });
  });

  test("a wrong code is refused and creates no session, wallet or bonus", async () => {
    const t = setupTest();
    await signIn(t, "phone", { phone: PHONE });
    const code = await smsCode(t);
    const wrong = code === "000000" ? "111111" : "000000";
    await expect(signIn(t, "phone", { phone: PHONE, code: wrong })).rejects.toThrow();
    const sessions = await t.run(async (ctx) => await ctx.db.query("authSessions").collect());
    expect(sessions).toHaveLength(0);
    // Sending a code to a number proves nothing: no tokens are minted for it.
    const minted = await t.run(async (ctx) => ({
      wallets: (await ctx.db.query("wallets").collect()).length,
      transactions: (await ctx.db.query("transactions").collect()).length,
    }));
    expect(minted).toEqual({ wallets: 0, transactions: 0 });
  });

  test("the wallet and its sign-up bonus open when the code is verified", async () => {
    const t = setupTest();
    await signIn(t, "phone", { phone: PHONE });
    const result = await signIn(t, "phone", { phone: PHONE, code: await smsCode(t) });
    const client = asToken(t, result.tokens!.token);
    expect(await client.query(api.wallet.balance, {})).toBeGreaterThan(0);
    // Signing in again does not pay the bonus twice.
    const before = await client.query(api.wallet.balance, {});
    await signIn(t, "phone", { phone: PHONE });
    await signIn(t, "phone", { phone: PHONE, code: await smsCode(t) });
    expect(await client.query(api.wallet.balance, {})).toBe(before);
  });

  test("a code cannot be redeemed for another number", async () => {
    const t = setupTest();
    await signIn(t, "phone", { phone: PHONE });
    const code = await smsCode(t);
    await expect(signIn(t, "phone", { phone: "+447911999999", code })).rejects.toThrow();
  });

  test("the code expires after 10 minutes", async () => {
    vi.useFakeTimers({ toFake: ["Date"] });
    const t = setupTest();
    await signIn(t, "phone", { phone: PHONE });
    const code = await smsCode(t);
    vi.setSystemTime(Date.now() + 10 * 60 * 1000 + 1);
    await expect(signIn(t, "phone", { phone: PHONE, code })).rejects.toThrow();
  });

  test("malformed numbers are refused with 'Please enter a valid phone number' and nothing is stored", async () => {
    const t = setupTest();
    const before = await snapshot(t);
    for (const phone of ["07911123456", "+4479111", "+447700900123", "+4479111234567890", "+44 7911 12345x"]) {
      expect(await errorData(() => signIn(t, "phone", { phone }))).toEqual({
        code: "INVALID",
        message: "Please enter a valid phone number",
      });
    }
    expect(await snapshot(t)).toEqual(before);
  });

  test("a fourth code request within a minute is refused, and allowed again a minute later", async () => {
    vi.useFakeTimers({ toFake: ["Date"] });
    const t = setupTest();
    for (let i = 0; i < 3; i++) await signIn(t, "phone", { phone: PHONE });
    const lastCode = await smsCode(t);
    expect(await errorData(() => signIn(t, "phone", { phone: PHONE }))).toEqual({
      code: "RATE_LIMITED",
      message: "Too many requests. Please try again in 1 minute.",
    });
    // The refused request did not replace the code already sent.
    const ok = await signIn(t, "phone", { phone: PHONE, code: lastCode });
    expect(ok.tokens?.token).toBeTruthy();

    vi.setSystemTime(Date.now() + 60_000);
    expect(await signIn(t, "phone", { phone: PHONE })).toEqual({ tokens: null });
  });

  test("wrong codes count towards a lock-out", async () => {
    const t = setupTest();
    await signIn(t, "phone", { phone: PHONE });
    const code = await smsCode(t);
    const wrong = code === "000000" ? "111111" : "000000";
    for (let i = 0; i < 10; i++) {
      await expect(signIn(t, "phone", { phone: PHONE, code: wrong })).rejects.toThrow();
    }
    await expect(signIn(t, "phone", { phone: PHONE, code })).rejects.toThrow();
  });
});
