// Account takeover attempts through the sign-in flows, each as an attacker would
// try it through Convex Auth's public `auth:signIn` (and the app's own functions),
// and what they get now. The per-flow happy paths live in auth/phone/twoFactor tests.
import { afterEach, describe, expect, test, vi } from "vitest";
import { api, internal } from "../../convex/_generated/api";
import { UNKNOWN_PARAMETER } from "../../convex/lib/auth/params";
import { LIMIT_REASONS, SEND_LIMITS } from "../../convex/lib/limits";
import { checkCsv } from "../../convex/lib/csv/import";
import { MAX_FAILED_SIGN_INS_PER_HOUR } from "../../convex/lib/constants";
import { totpAt } from "../../convex/lib/auth/totp";
import { fundWorkspace, fundedUser, workspaceBalance } from "./assets-support";
import {
  asToken,
  errorData,
  exhaustGuesses,
  lastMessageTo,
  limitedWith,
  linkParams,
  makeUser,
  outbox,
  setupTest,
  signIn,
  signUpVerified,
  snapshot,
  userByEmail,
  type Backend,
  type Client,
} from "./setup";

const VICTIM = "victim@example.com";
const PHONE = "+447911123456";

afterEach(() => {
  vi.useRealTimers();
});

async function sessionCount(t: Backend) {
  return await t.run(async (ctx) => (await ctx.db.query("authSessions").collect()).length);
}

async function smsCodeFor(t: Backend, phone: string) {
  const sms = await lastMessageTo(t, phone);
  return /\b(\d{6})\b/.exec(sms?.body ?? "")?.[1] ?? null;
}

async function enrolTwoFactor(as: Client) {
  const { secret } = await as.mutation(api.twoFactor.start, {});
  await as.action(api.twoFactor.confirm, { code: await totpAt(secret, Date.now()) });
  vi.setSystemTime(Date.now() + 30_000);
  return secret;
}

describe("1. two-factor bypass through sign-up", () => {
  test("sign-up with an existing account's password does not sign in", async () => {
    const t = setupTest();
    await signUpVerified(t, VICTIM, "orchard-lamp-42");
    const sessionsBefore = await sessionCount(t);
    const right = await errorData(() => signIn(t, "password", { flow: "signUp", email: VICTIM, password: "orchard-lamp-42" }));
    const wrong = await errorData(() => signIn(t, "password", { flow: "signUp", email: VICTIM, password: "guess-guess-2" }));
    // The same answer whether the password was right or wrong: sign-up is no password oracle.
    expect(right).toEqual({ code: "INVALID", message: "An account with this email already exists. Please sign in." });
    expect(wrong).toEqual(right);
    expect(await sessionCount(t)).toBe(sessionsBefore);
  });

  test("sign-up with the password of an account with two-factor on gets no session and no code prompt", async () => {
    vi.useFakeTimers({ toFake: ["Date"] });
    const t = setupTest();
    const victim = await signUpVerified(t, VICTIM, "orchard-lamp-42");
    await enrolTwoFactor(victim);
    const sessionsBefore = await sessionCount(t);
    const answer = await errorData(() => signIn(t, "password", { flow: "signUp", email: VICTIM, password: "orchard-lamp-42" }));
    expect(answer.code).toBe("INVALID");
    expect(await sessionCount(t)).toBe(sessionsBefore);
    // The only way in is the password plus the authenticator code.
    expect((await errorData(() => signIn(t, "password", { flow: "signIn", email: VICTIM, password: "orchard-lamp-42" }))).code)
      .toBe("MFA_REQUIRED");
  });

  test("an alias of a proven address cannot sign up a second account", async () => {
    const t = setupTest();
    await signUpVerified(t, "jane.doe@gmail.com");
    for (const alias of ["janedoe@gmail.com", "Jane.Doe+x@googlemail.com", '"jane.doe"@gmail.com.']) {
      expect((await errorData(() => signIn(t, "password", { flow: "signUp", email: alias, password: "secret123" }))).message)
        .toBe("An account with this email already exists. Please sign in.");
    }
  });
});

describe("2. lock-out bypass through sign-up", () => {
  test("while sign-in is locked, sign-up cannot be used to try passwords", async () => {
    const t = setupTest();
    await signUpVerified(t, VICTIM, "orchard-lamp-42");
    await exhaustGuesses(t, "password", VICTIM);
    const locked = await errorData(() => signIn(t, "password", { flow: "signIn", email: VICTIM, password: "orchard-lamp-42" }));
    expect(locked.code).toBe("RATE_LIMITED");
    expect(locked.message).toMatch(/^Too many failed attempts\. Please try again in \d+ minutes?\.$/);
    const viaSignUp = await errorData(() => signIn(t, "password", { flow: "signUp", email: VICTIM, password: "orchard-lamp-42" }));
    expect(viaSignUp.code).toBe("INVALID");
    expect(await sessionCount(t)).toBe(1);
  });

  test("parallel wrong passwords cannot slip past the hourly budget", async () => {
    const t = setupTest();
    await signUpVerified(t, VICTIM, "orchard-lamp-42");
    const guesses = Array.from({ length: MAX_FAILED_SIGN_INS_PER_HOUR + 4 }, (_, i) =>
      errorData(() => signIn(t, "password", { flow: "signIn", email: VICTIM, password: `wrong-guess-${i}` })),
    );
    const codes = (await Promise.all(guesses)).map((e) => e.code);
    expect(codes.filter((c) => c === "INVALID").length).toBeLessThanOrEqual(MAX_FAILED_SIGN_INS_PER_HOUR);
    expect(codes.filter((c) => c === "RATE_LIMITED").length).toBeGreaterThanOrEqual(4);
    // Now even the right password waits.
    expect((await errorData(() => signIn(t, "password", { flow: "signIn", email: VICTIM, password: "orchard-lamp-42" }))).code)
      .toBe("RATE_LIMITED");
  });

  test("the settings password check spends the same budget", async () => {
    const t = setupTest();
    const victim = await signUpVerified(t, VICTIM, "orchard-lamp-42");
    await exhaustGuesses(t, "password", VICTIM);
    const err = await errorData(() => victim.action(api.users.changePassword, { currentPassword: "orchard-lamp-42", newPassword: "Another-pass-9" }));
    expect(err.code).toBe("RATE_LIMITED");
  });
});

describe("3. phone-code lock-out bypass", () => {
  test("an extra email parameter is refused and moves no counter", async () => {
    const t = setupTest();
    await signIn(t, "phone", { phone: PHONE });
    const code = (await smsCodeFor(t, PHONE))!;
    const wrong = code === "000000" ? "111111" : "000000";
    const before = await snapshot(t);
    for (let i = 0; i < 3; i++) {
      expect(await errorData(() => signIn(t, "phone", { phone: PHONE, code: wrong, email: `x${i}@evil.test` }))).toEqual({
        code: "INVALID",
        message: UNKNOWN_PARAMETER,
      });
    }
    expect(await snapshot(t)).toEqual(before);
  });

  test("after the hourly budget of wrong codes, even the right code is refused", async () => {
    const t = setupTest();
    await signIn(t, "phone", { phone: PHONE });
    const code = (await smsCodeFor(t, PHONE))!;
    await exhaustGuesses(t, "phoneCode", PHONE);
    const err = await errorData(() => signIn(t, "phone", { phone: PHONE, code }));
    expect(err.code).toBe("RATE_LIMITED");
    expect(err.message).toMatch(/Please try again in \d+ minutes?\./);
    expect(await sessionCount(t)).toBe(0);
  });

  test("wrong codes are counted whatever spelling of the number carries them", async () => {
    const t = setupTest();
    await signIn(t, "phone", { phone: PHONE });
    const code = (await smsCodeFor(t, PHONE))!;
    const wrong = code === "000000" ? "111111" : "000000";
    // Five wrong guesses under three spellings of one number burn the code.
    for (const spelling of ["+447911123456", "+44 7911 123456", "+4407911123456", "+44 (0)7911 123456", "+447911123456"]) {
      await expect(signIn(t, "phone", { phone: spelling, code: wrong })).rejects.toThrow();
    }
    expect((await errorData(() => signIn(t, "phone", { phone: PHONE, code }))).message).toBe("Invalid verification code");
  });
});

describe("4. phone-number pre-hijack", () => {
  test("a code asked for the victim's number with the attacker's address goes nowhere", async () => {
    const t = setupTest();
    const before = await snapshot(t);
    const err = await errorData(() => signIn(t, "phone", { phone: PHONE, email: "+15005550006" }));
    expect(err.message).toBe(UNKNOWN_PARAMETER);
    expect(await snapshot(t)).toEqual(before);
  });

  test("the code goes to exactly the normalised number and proves only that number", async () => {
    const t = setupTest();
    await signIn(t, "phone", { phone: "+44 07911 123456" });
    expect((await outbox(t)).map((m) => m.to)).toEqual([PHONE]);
    const code = (await smsCodeFor(t, PHONE))!;
    await expect(signIn(t, "phone", { phone: "+447911999999", code })).rejects.toThrow();
    const result = await signIn(t, "phone", { phone: PHONE, code });
    const me = await asToken(t, result.tokens!.token).query(api.users.me, {});
    expect(me?.phone).toBe(PHONE);
  });

  test("an account gets its phone only once the number proved itself, and the victim lands in their own account", async () => {
    const t = setupTest();
    // The attacker asks for codes to the victim's number: nothing is created for it.
    await signIn(t, "phone", { phone: PHONE });
    expect(await t.run(async (ctx) => await ctx.db.query("users").collect())).toEqual([]);
    const attacker = await signUpVerified(t, "attacker@evil.test");
    const victimCode = (await smsCodeFor(t, PHONE))!;
    const victim = asToken(t, (await signIn(t, "phone", { phone: PHONE, code: victimCode })).tokens!.token);
    const [a, v] = [await attacker.query(api.users.me, {}), await victim.query(api.users.me, {})];
    expect(v?._id).not.toBe(a?._id);
    expect(v).toMatchObject({ phone: PHONE, email: null });
    expect(a?.phone).toBeNull();
  });
});

describe("5. unverified accounts squatting an address", () => {
  test("the owner's own sign-up takes the address over; the squatter's password stops working", async () => {
    const t = setupTest();
    await signIn(t, "password", { flow: "signUp", email: VICTIM, password: "squatter-1" });
    const squatterLink = linkParams((await lastMessageTo(t, VICTIM))!.link).params;
    // The victim signs up later with their own password, and opens the newest link.
    await signIn(t, "password", { flow: "signUp", email: VICTIM, password: "harbour-kite-7" });
    const victimLink = linkParams((await lastMessageTo(t, VICTIM))!.link).params;
    expect(victimLink.code).not.toBe(squatterLink.code);
    expect((await errorData(() => signIn(t, "password", { flow: "email-verification", email: VICTIM, code: squatterLink.code }))).message)
      .toBe("Invalid verification code");
    const verified = await signIn(t, "password", { flow: "email-verification", email: VICTIM, code: victimLink.code });
    expect(verified.tokens?.token).toBeTruthy();
    expect((await errorData(() => signIn(t, "password", { flow: "signIn", email: VICTIM, password: "squatter-1" }))).code).toBe("INVALID");
    expect((await signIn(t, "password", { flow: "signIn", email: VICTIM, password: "harbour-kite-7" })).tokens?.token).toBeTruthy();
  });

  test("an unverified account from before is taken over the same way", async () => {
    const t = setupTest();
    // What the old flow left behind: a user and password account, never verified.
    await t.run(async (ctx) => {
      const userId = await ctx.db.insert("users", { email: VICTIM });
      await ctx.db.insert("authAccounts", { userId, provider: "password", providerAccountId: VICTIM, secret: "scrypt:not-the-victims" });
    });
    await signUpVerified(t, VICTIM, "harbour-kite-7");
    expect(await userByEmail(t, VICTIM)).toMatchObject({ email: VICTIM });
    expect((await signIn(t, "password", { flow: "signIn", email: VICTIM, password: "harbour-kite-7" })).tokens?.token).toBeTruthy();
  });

  test("a flood of sign-ups and code requests creates no users and no wallets", async () => {
    const t = setupTest();
    for (let i = 0; i < 3; i++) {
      await signIn(t, "password", { flow: "signUp", email: `flood${i}@example.com`, password: "secret123" });
      await signIn(t, "phone", { phone: `+44791112345${i}` });
    }
    const created = await t.run(async (ctx) => ({
      users: (await ctx.db.query("users").collect()).length,
      accounts: (await ctx.db.query("authAccounts").collect()).length,
      wallets: (await ctx.db.query("wallets").collect()).length,
    }));
    expect(created).toEqual({ users: 0, accounts: 0, wallets: 0 });
  });
});

describe("7. flooding", () => {
  test("next-of-kin invitations are limited per sender and per recipient", async () => {
    const t = setupTest();
    const owner = await makeUser(t);
    const contactId = await owner.as.mutation(api.nextOfKin.add, { name: "Kin", relationship: "Sister", email: "kin@example.com", phone: "+447911123456" });
    await owner.as.mutation(api.nextOfKin.resendInvite, { contactId });
    await owner.as.mutation(api.nextOfKin.resendInvite, { contactId });
    expect(await errorData(() => owner.as.mutation(api.nextOfKin.resendInvite, { contactId }))).toEqual({
      code: "RATE_LIMITED",
      message: expect.stringMatching(limitedWith(LIMIT_REASONS.inviteRecipient)),
    });
    // Seven more contacts reach the sender's hourly limit of ten invitations.
    for (let i = 0; i < 7; i++) {
      await owner.as.mutation(api.nextOfKin.add, { name: `Kin ${i}`, relationship: "Friend", email: `kin${i}@example.com`, phone: "+447911123456" });
    }
    expect(await errorData(() => owner.as.mutation(api.nextOfKin.add, { name: "One more", relationship: "Friend", email: "more@example.com", phone: "+447911123456" })))
      .toEqual({ code: "RATE_LIMITED", message: expect.stringMatching(limitedWith(LIMIT_REASONS.inviteSender)) });
  });

  test("SMS codes stop at the deployment's hourly ceiling, whatever number is asked for", async () => {
    vi.useFakeTimers({ toFake: ["Date"] });
    const t = setupTest();
    // The ceiling is sharded: a send may be refused while another shard has room, but
    // never more than the ceiling goes out. Fill it with codes to distinct numbers.
    let sent = 0;
    for (let i = 0; sent < SEND_LIMITS.globalPerHour.sms && i < 10 * SEND_LIMITS.globalPerHour.sms; i++) {
      const phone = `+4479${String(10_000_000 + i)}`;
      try {
        await t.mutation(internal.authFlows.startPhoneCode, { phone, codeHash: "x" });
        sent++;
      } catch (error) {
        expect((error as { data: { message: string } }).data.message).toMatch(limitedWith(LIMIT_REASONS.smsGlobal));
      }
    }
    expect(sent).toBe(SEND_LIMITS.globalPerHour.sms);
    const before = await snapshot(t);
    for (let i = 0; i < 5; i++) {
      expect(await errorData(() => signIn(t, "phone", { phone: `+3361234567${i}` }))).toEqual({
        code: "RATE_LIMITED",
        message: expect.stringMatching(limitedWith(LIMIT_REASONS.smsGlobal)),
      });
    }
    expect(await snapshot(t)).toEqual(before);
  });

  test("one number gets ten codes in a row, then one every six minutes", async () => {
    vi.useFakeTimers({ toFake: ["Date"] });
    const t = setupTest();
    // 20 s apart keeps within three a minute; 200 s refill under one code of the hourly ten.
    for (let i = 0; i < SEND_LIMITS.perTargetPerHour; i++) {
      await signIn(t, "phone", { phone: PHONE });
      vi.setSystemTime(Date.now() + 20_000);
    }
    const refused = await errorData(() => signIn(t, "phone", { phone: PHONE }));
    expect(refused.message).toMatch(limitedWith(LIMIT_REASONS.sendPerHour));
    const minutes = Number(/in (\d+) minutes?/.exec(refused.message)![1]);
    expect(minutes).toBeGreaterThanOrEqual(1);
    expect(minutes).toBeLessThanOrEqual(6);
    vi.setSystemTime(Date.now() + minutes * 60_000);
    await signIn(t, "phone", { phone: PHONE });
    expect((await errorData(() => signIn(t, "phone", { phone: PHONE }))).message).toMatch(limitedWith(LIMIT_REASONS.sendPerHour));
  });
});

describe("8. sizes", () => {
  test("a beneficiary's (next-of-kin contact's) e-mail has a length cap", async () => {
    const t = setupTest();
    const owner = await fundedUser(t, 50);
    const huge = `${"a".repeat(300)}@example.com`;
    const before = await snapshot(t);
    const err = await errorData(() =>
      owner.as.mutation(api.nextOfKin.add, { name: "Sam", relationship: "Son", email: huge, phone: "+447911123456" }),
    );
    expect(err.code).toBe("INVALID");
    expect(await snapshot(t)).toEqual(before);
  });

  test("passwords past 256 characters are refused before any hashing", async () => {
    const t = setupTest();
    const err = await errorData(() => signIn(t, "password", { flow: "signUp", email: VICTIM, password: "Aa1!".repeat(100) }));
    expect(err).toEqual({ code: "INVALID", message: "Password must be at most 256 characters" });
  });
});

describe("9. dev outbox", () => {
  test("the outbox answers only with its key", async () => {
    const t = setupTest();
    await signIn(t, "password", { flow: "reset", email: VICTIM });
    await signUpVerified(t, VICTIM);
    expect(await t.query(api.outbox.list, { key: "" })).toBeNull();
    expect(await t.query(api.outbox.list, { key: "guess" })).toBeNull();
    expect((await outbox(t)).length).toBeGreaterThan(0);
  });

  test("without LOCAL_OUTBOX (a real deployment) it answers nobody", async () => {
    const t = setupTest();
    const key = process.env.LOCAL_OUTBOX!;
    delete process.env.LOCAL_OUTBOX;
    try {
      expect(await t.query(api.outbox.list, { key })).toBeNull();
      expect(await t.query(api.outbox.list, { key: "" })).toBeNull();
    } finally {
      process.env.LOCAL_OUTBOX = key;
    }
  });
});

describe("10. CSV rollback", () => {
  test("a failed import never deletes an asset that changed hands, and refunds only what it removed", async () => {
    vi.useFakeTimers();
    try {
      const t = setupTest();
      const importer = await fundedUser(t, 0, { isBusinessUser: true });
      // Imports are paid from the business workspace's wallet.
      await fundWorkspace(t, importer.workspaceId, 100);
      const buyer = await makeUser(t, { email: "buyer@example.com" });
      await importer.as.action(api.imports.start, { fileName: "a.csv", csv: "name,sku,quantity\nMug,M-1,1\nJug,J-1,1\nCup,C-1,1\n", mapping: { name: 0, sku: 1, quantity: 2 }, onDuplicate: "skip", expectedCost: 15 });
      const job = (await importer.as.query(api.imports.current, {}))!;
      const rows = checkCsv("name,sku,quantity\nMug,M-1,1\nJug,J-1,1\nCup,C-1,1\n").rows;
      await t.mutation(internal.imports.applyBatch, { jobId: job._id, index: 0, entries: rows.map((r) => ({ op: "create" as const, input: r.input as never })) });
      expect(await workspaceBalance(t, importer.workspaceId)).toBe(85);
      // Meanwhile the importer sells the mug, and the buyer accepts it.
      const mug = await t.run(async (ctx) => (await ctx.db.query("assets").collect()).find((a) => a.name === "Mug")!);
      const transferId = await importer.as.mutation(api.transfers.offer, { assetId: mug._id, email: "buyer@example.com" });
      await buyer.as.mutation(api.transfers.accept, { transferId });

      await importer.as.mutation(api.imports.cancel, { jobId: job._id });
      await t.finishAllScheduledFunctions(vi.runAllTimers);
      const left = await t.run(async (ctx) => await ctx.db.query("assets").collect());
      expect(left.map((a) => [a.name, a.workspaceId])).toEqual([["Mug", buyer.workspaceId]]);
      expect(await workspaceBalance(t, importer.workspaceId)).toBe(95);
      expect(await importer.as.query(api.imports.current, {})).toMatchObject({ status: "cancelled", kept: 1, refunded: 10 });
    } finally {
      vi.useRealTimers();
    }
  });
});

