// The auth-flow matrix, beside the permission matrix: every way to obtain a session,
// tried against an account in every state, and what the caller gets. "session" means
// tokens were issued; "none" means the call succeeded without a session (a link or
// code was sent, or nothing happened); anything else is the ConvexError code.
// Each cell starts from a fresh backend.
import { afterEach, describe, expect, test, vi } from "vitest";
import { api } from "../../convex/_generated/api";
import { totpAt } from "../../convex/lib/auth/totp";
import {
  asToken,
  errorData,
  exhaustGuesses,
  lastMessageTo,
  linkParams,
  setupTest,
  signIn,
  signUpVerified,
  type Backend,
} from "./setup";

const EMAIL = "owner@example.com";
const PASSWORD = "orchard-lamp-42";
const PHONE = "+447911123456";

type State = "new" | "unverified" | "verified" | "twoFactor" | "locked";
type Outcome = "session" | "none" | "INVALID" | "MFA_REQUIRED" | "RATE_LIMITED" | "n/a";
type Account = { t: Backend; secret?: string; recoveryCodes?: string[]; refreshToken?: string };

const STATES: State[] = ["new", "unverified", "verified", "twoFactor", "locked"];

/** An e-mail account in `state`. */
async function emailAccount(state: State): Promise<Account> {
  const t = setupTest();
  if (state === "new") return { t };
  if (state === "unverified") {
    await signIn(t, "password", { flow: "signUp", email: EMAIL, password: PASSWORD });
    return { t };
  }
  const client = await signUpVerified(t, EMAIL, PASSWORD);
  const account: Account = { t };
  if (state === "twoFactor") {
    const { secret } = await client.mutation(api.twoFactor.start, {});
    const { recoveryCodes } = await client.action(api.twoFactor.confirm, { code: await totpAt(secret, Date.now()) });
    vi.setSystemTime(Date.now() + 30_000);
    Object.assign(account, { secret, recoveryCodes });
  }
  if (state === "locked") await exhaustGuesses(t, "password", EMAIL);
  return account;
}

/** A phone account in `state` (two-factor is not offered to phone accounts). */
async function phoneAccount(state: State): Promise<Account> {
  const t = setupTest();
  if (state === "new") return { t };
  await signIn(t, "phone", { phone: PHONE });
  if (state === "unverified") return { t };
  const code = /\b(\d{6})\b/.exec((await lastMessageTo(t, PHONE))!.body)![1];
  await signIn(t, "phone", { phone: PHONE, code });
  if (state === "locked") await exhaustGuesses(t, "phoneCode", PHONE);
  return { t };
}

async function outcomeOf(run: () => Promise<{ tokens?: unknown } | unknown>): Promise<Outcome> {
  try {
    const result = (await run()) as { tokens?: { token?: string } | null };
    return result?.tokens?.token ? "session" : "none";
  } catch (error) {
    const data = (error as { data?: unknown }).data;
    const parsed = typeof data === "string" ? JSON.parse(data) : data;
    if (parsed && typeof parsed === "object" && "code" in parsed) return (parsed as { code: Outcome }).code;
    throw error;
  }
}

const latestLink = async (t: Backend) => linkParams((await lastMessageTo(t, EMAIL))?.link ?? null).params;

const METHODS: Record<string, { setup: (s: State) => Promise<Account>; attempt: (a: Account) => Promise<Outcome> }> = {
  "password sign-in (right password)": {
    setup: emailAccount,
    attempt: ({ t }) => outcomeOf(() => signIn(t, "password", { flow: "signIn", email: EMAIL, password: PASSWORD })),
  },
  "sign-up (the account's own password)": {
    setup: emailAccount,
    attempt: ({ t }) => outcomeOf(() => signIn(t, "password", { flow: "signUp", email: EMAIL, password: PASSWORD })),
  },
  "verification link (the newest one sent)": {
    setup: emailAccount,
    attempt: async ({ t }) => {
      const mail = await lastMessageTo(t, EMAIL);
      const code = mail?.link?.includes("/auth/callback") ? linkParams(mail.link).params.code : "no-link-was-sent-0000000000000000";
      return await outcomeOf(() => signIn(t, "password", { flow: "email-verification", email: EMAIL, code }));
    },
  },
  "password reset (request, then the link)": {
    setup: emailAccount,
    attempt: async ({ t }) => {
      await signIn(t, "password", { flow: "reset", email: EMAIL });
      const mail = await lastMessageTo(t, EMAIL);
      const code = mail?.link?.includes("/reset-password") ? (await latestLink(t)).token : "no-link-was-sent-0000000000000000";
      return await outcomeOf(() =>
        signIn(t, "password", { flow: "reset-verification", email: EMAIL, code, newPassword: "Brand-new-pass-8" }),
      );
    },
  },
  "phone code (the code just sent)": {
    setup: phoneAccount,
    attempt: async ({ t }) => {
      try {
        await signIn(t, "phone", { phone: PHONE });
      } catch {
        // A send refused (e.g. its minute limit) still leaves the code sent before.
      }
      const code = /\b(\d{6})\b/.exec((await lastMessageTo(t, PHONE))!.body)![1];
      return await outcomeOf(() => signIn(t, "phone", { phone: PHONE, code }));
    },
  },
  "TOTP code (with the right password)": {
    setup: emailAccount,
    attempt: async ({ t, secret }) => {
      const totp = secret ? await totpAt(secret, Date.now()) : "123456";
      return await outcomeOf(() => signIn(t, "password", { flow: "signIn", email: EMAIL, password: PASSWORD, totp }));
    },
  },
  "recovery code (with the right password)": {
    setup: emailAccount,
    attempt: async ({ t, recoveryCodes }) => {
      const recoveryCode = recoveryCodes?.[0] ?? "AAAAA-BBBBB";
      return await outcomeOf(() => signIn(t, "password", { flow: "signIn", email: EMAIL, password: PASSWORD, recoveryCode }));
    },
  },
};

// What each method yields for an account in each state.
const EXPECTED: Record<keyof typeof METHODS, Record<State, Outcome>> = {
  "password sign-in (right password)": { new: "INVALID", unverified: "none", verified: "session", twoFactor: "MFA_REQUIRED", locked: "RATE_LIMITED" },
  // Sign-up never signs in: a new or unverified address gets a link, a proven one the same refusal as a wrong password.
  "sign-up (the account's own password)": { new: "none", unverified: "none", verified: "INVALID", twoFactor: "INVALID", locked: "INVALID" },
  // Only an outstanding sign-up has a link; a proven address has none to open.
  "verification link (the newest one sent)": { new: "INVALID", unverified: "session", verified: "INVALID", twoFactor: "INVALID", locked: "INVALID" },
  // A reset proves the mailbox (and ends the lock-out); with two-factor on it changes the password but gives no session.
  "password reset (request, then the link)": { new: "INVALID", unverified: "INVALID", verified: "session", twoFactor: "none", locked: "session" },
  // Two-factor is not offered to phone accounts, so that state has no phone row.
  "phone code (the code just sent)": { new: "session", unverified: "session", verified: "session", twoFactor: "n/a", locked: "RATE_LIMITED" },
  "TOTP code (with the right password)": { new: "INVALID", unverified: "none", verified: "session", twoFactor: "session", locked: "RATE_LIMITED" },
  "recovery code (with the right password)": { new: "INVALID", unverified: "none", verified: "session", twoFactor: "session", locked: "RATE_LIMITED" },
};

afterEach(() => {
  vi.useRealTimers();
});

describe.each(Object.keys(METHODS))("%s", (method) => {
  const cells = STATES.filter((state) => EXPECTED[method][state] !== "n/a");
  test.each(cells)("account %s", async (state) => {
    vi.useFakeTimers({ toFake: ["Date"] });
    const account = await METHODS[method].setup(state);
    expect(await METHODS[method].attempt(account)).toBe(EXPECTED[method][state]);
  });
});

describe("refresh token", () => {
  test("refreshes a live session, never an ended or forged one", async () => {
    const t = setupTest();
    await signUpVerified(t, EMAIL, PASSWORD);
    const first = await signIn(t, "password", { flow: "signIn", email: EMAIL, password: PASSWORD });
    const { refreshToken, token } = first.tokens!;
    const refreshed = await t.action(api.auth.signIn, { refreshToken });
    expect(refreshed.tokens?.token).toBeTruthy();
    await asToken(t, refreshed.tokens!.token).mutation(api.sessions.signOut, { scope: "global" });
    expect(await t.action(api.auth.signIn, { refreshToken: refreshed.tokens!.refreshToken })).toEqual({ tokens: null });
    // A refresh token is "<refreshTokenId>|<sessionId>": a made-up id for a live session gets nothing.
    const second = (await signIn(t, "password", { flow: "signIn", email: EMAIL, password: PASSWORD })).tokens!;
    const [, sessionId] = second.refreshToken.split("|");
    expect(await t.action(api.auth.signIn, { refreshToken: `k57abcdefghjkmnpqrstvwxyz0123456|${sessionId}` })).toEqual({ tokens: null });
    expect(token).toBeTruthy();
  });
});

describe("two-factor for phone accounts", () => {
  test("is not offered, so no phone sign-in can skip it", async () => {
    const { t } = await phoneAccount("verified");
    const code = (await errorData(async () => {
      await signIn(t, "phone", { phone: PHONE });
      const sms = /\b(\d{6})\b/.exec((await lastMessageTo(t, PHONE))!.body)![1];
      const tokens = (await signIn(t, "phone", { phone: PHONE, code: sms })).tokens!;
      await asToken(t, tokens.token).mutation(api.twoFactor.start, {});
    })).code;
    expect(code).toBe("INVALID");
  });
});
