// Email + password with verification and reset, on Convex Auth's credentials API.
// Written out (rather than the stock Password provider) so that input is
// normalised before any lookup, errors reach the user as ConvexErrors with the
// messages of lib/errors.ts, and `from` / `ref` travel into the verification link.
//
// Account-security rules every flow here keeps:
// - A session is issued only by signIn (right password, plus the TOTP code when
//   two-factor is on) and by a sign-up link (a brand-new, proven address). Sign-up
//   never signs in an existing account, and a reset link never bypasses two-factor.
// - Every password check spends one guess of the address's hourly budget first.
// - No user or wallet exists before its address is proven: a sign-up waits in
//   emailLinks with the password it will set, and a later sign-up replaces it.
import { ConvexCredentials } from "@convex-dev/auth/providers/ConvexCredentials";
import {
  invalidateSessions,
  modifyAccountCredentials,
  retrieveAccount,
  type GenericActionCtxWithAuthConfig,
} from "@convex-dev/auth/server";
import { Scrypt } from "lucia";
import { internal } from "../../_generated/api";
import type { DataModel, Id } from "../../_generated/dataModel";
import { parseCode, parseEmail, parseRef, parseSource, randomString } from "./input";
import { resetEmail, verificationEmail } from "./messages";
import { onlyParams } from "./params";
import { PASSWORD_PROVIDER_ID } from "./providerIds";
import { hashCode } from "./secrets";
import { LINK_CODE_LENGTH, MAX_PASSWORD_LENGTH } from "../constants";
import { appError, MESSAGES } from "../errors";
import { GUESS_LIMITS, rateLimited, type GuessKind } from "../limits";
import { sendEmail } from "../outbound";
import { parseNewPassword } from "./passwordStrength";


type Ctx = GenericActionCtxWithAuthConfig<DataModel>;
type Params = Partial<Record<string, unknown>>;
type Result = { userId: Id<"users">; sessionId?: Id<"authSessions"> } | null;

const LINK_ALPHABET = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789";
const scrypt = new Scrypt();

// The parameters each flow reads; a request with any other is refused.
const FLOW_PARAMS = {
  signUp: ["flow", "email", "password", "from", "ref"],
  signIn: ["flow", "email", "password", "from", "ref", "totp", "recoveryCode"],
  "email-verification": ["flow", "email", "code"],
  reset: ["flow", "email"],
  "reset-verification": ["flow", "email", "code", "newPassword"],
} as const;
type Flow = keyof typeof FLOW_PARAMS;

/** Rethrows Convex Auth's retrieveAccount failures as what the user may see. */
export function throwCredentialError(error: unknown, wrongSecretMessage: string): never {
  const reason = error instanceof Error ? error.message : "";
  if (reason === "TooManyFailedAttempts") {
    throw appError("RATE_LIMITED", MESSAGES.tooManyAttempts);
  }
  if (reason === "InvalidSecret" || reason === "InvalidAccountId") {
    throw appError("INVALID", wrongSecretMessage);
  }
  throw error;
}

/** Spends one guess of `identifier`'s hourly budget, or refuses with when to retry. */
export async function spendGuess(ctx: Pick<Ctx, "runMutation">, kind: GuessKind, identifier: string) {
  const guess = await ctx.runMutation(internal.authFlows.takeGuess, { kind, identifier });
  if (!guess.ok) throw rateLimited(GUESS_LIMITS[kind], guess.retryAfterMs);
}

function newLinkCode() {
  const code = randomString(LINK_CODE_LENGTH, LINK_ALPHABET);
  return { code, codeHash: hashCode(code) };
}

async function sendSignUpLink(ctx: Ctx, email: string, passwordHash: string, params: Params) {
  const { code, codeHash } = newLinkCode();
  const from = parseSource(params.from);
  const ref = parseRef(params.ref);
  await ctx.runMutation(internal.authFlows.startSignUp, { email, passwordHash, codeHash, from, ref });
  await sendEmail(ctx, verificationEmail({ email, code, from, ref }));
}

async function signUp(ctx: Ctx, email: string, params: Params): Promise<Result> {
  const password = parseNewPassword(params.password, email);
  const account = await ctx.runQuery(internal.authFlows.passwordAccount, { email });
  // A proven address (or an alias of one) is never signed in from here, whatever the
  // password: the same answer as a wrong password, and no guess is checked.
  if (account?.verified || (await ctx.runQuery(internal.authFlows.inboxTaken, { email }))) {
    throw appError("INVALID", MESSAGES.accountExists);
  }
  await sendSignUpLink(ctx, email, await scrypt.hash(password), params);
  return null;
}

async function signIn(ctx: Ctx, email: string, params: Params): Promise<Result> {
  if (typeof params.password !== "string" || params.password === "" || params.password.length > MAX_PASSWORD_LENGTH) {
    throw appError("INVALID", MESSAGES.invalidCredentials);
  }
  const password = params.password;
  await spendGuess(ctx, "password", email);
  const account = await ctx.runQuery(internal.authFlows.passwordAccount, { email });
  if (account === null || !account.verified) {
    // Not proven yet: the right password (of the pending sign-up) sends a fresh link.
    const pendingHash = await ctx.runQuery(internal.authFlows.pendingPasswordHash, { email });
    if (pendingHash === null || !(await scrypt.verify(pendingHash, password))) {
      throw appError("INVALID", MESSAGES.invalidCredentials);
    }
    await ctx.runMutation(internal.authFlows.clearGuesses, { kind: "password", identifier: email });
    await sendSignUpLink(ctx, email, pendingHash, params);
    return null;
  }
  let retrieved;
  try {
    retrieved = await retrieveAccount<DataModel>(ctx, {
      provider: PASSWORD_PROVIDER_ID,
      account: { id: email, secret: password },
    });
  } catch (error) {
    throwCredentialError(error, MESSAGES.invalidCredentials);
  }
  await ctx.runMutation(internal.authFlows.clearGuesses, { kind: "password", identifier: email });
  await checkSecondFactor(ctx, retrieved.user._id, params);
  await ctx.runMutation(internal.legacy.signedIn, { userId: retrieved.user._id });
  return { userId: retrieved.user._id };
}

/**
 * The TOTP challenge, after the password has been checked. Without a
 * `totp` (or `recoveryCode`) param the client is told MFA_REQUIRED, shows a code
 * step and calls signIn again with email, password and the code.
 */
async function checkSecondFactor(ctx: Ctx, userId: Id<"users">, params: Params) {
  if (!(await ctx.runQuery(internal.twoFactor.requiredFor, { userId }))) return;
  const given = [params.totp, params.recoveryCode].find((c) => typeof c === "string" && c.trim() !== "");
  if (typeof given !== "string") throw appError("MFA_REQUIRED", MESSAGES.mfaRequired);
  const outcome = await ctx.runMutation(internal.twoFactor.redeem, { userId, purpose: "signIn", code: given.trim() });
  if (outcome.status === "locked") throw rateLimited("totpGuess", outcome.retryAfterMs);
  if (outcome.status === "invalid") throw appError("INVALID", MESSAGES.invalidTotp);
}

async function verifyEmail(ctx: Ctx, email: string, params: Params): Promise<Result> {
  const code = parseCode(params.code, MESSAGES.invalidCode);
  const outcome = await ctx.runMutation(internal.authFlows.completeSignUp, { email, codeHash: hashCode(code) });
  if (outcome.status === "invalid") throw appError("INVALID", MESSAGES.invalidCode);
  // A brand-new account: it cannot have two-factor on yet, so the link is the proof.
  return { userId: outcome.userId };
}

async function requestReset(ctx: Ctx, email: string): Promise<Result> {
  const { code, codeHash } = newLinkCode();
  // Unknown addresses get the same answer (and count the same), so the form does not
  // reveal who has an account.
  if (await ctx.runMutation(internal.authFlows.startReset, { email, codeHash })) {
    await sendEmail(ctx, resetEmail({ email, code }));
  }
  return null;
}

async function completeReset(ctx: Ctx, params: Params): Promise<Result> {
  const code = parseCode(params.code, MESSAGES.invalidResetLink);
  const codeHash = hashCode(code);
  const email = await ctx.runQuery(internal.authFlows.resetLinkEmail, { codeHash });
  // The link names its address; an `email` beside it must agree (older links carry one).
  if (email === null || (params.email !== undefined && parseEmail(params.email) !== email)) {
    throw appError("INVALID", MESSAGES.invalidResetLink);
  }
  const secret = parseNewPassword(params.newPassword, email);
  const used = await ctx.runMutation(internal.authFlows.consumeReset, { codeHash });
  if (used === null) throw appError("INVALID", MESSAGES.invalidResetLink);
  await modifyAccountCredentials(ctx, { provider: PASSWORD_PROVIDER_ID, account: { id: email, secret } });
  await ctx.runMutation(internal.authFlows.clearGuesses, { kind: "password", identifier: email });
  // Every session ends. The emailed link alone never yields a session when two-factor is
  // on: the next sign-in asks for the code.
  await invalidateSessions(ctx, { userId: used.userId });
  if (await ctx.runQuery(internal.twoFactor.requiredFor, { userId: used.userId })) return null;
  return { userId: used.userId };
}

function flowOf(params: Params): Flow {
  const flow = params.flow;
  if (typeof flow === "string" && Object.hasOwn(FLOW_PARAMS, flow)) return flow as Flow;
  throw appError("INVALID", "Unknown sign-in flow");
}

export const passwordProvider = ConvexCredentials<DataModel>({
  id: PASSWORD_PROVIDER_ID,
  authorize: async (params, ctx) => {
    const flow = flowOf(params);
    onlyParams(params, FLOW_PARAMS[flow]);
    if (flow === "reset-verification") return await completeReset(ctx, params);
    const email = parseEmail(params.email);
    switch (flow) {
      case "signUp":
        return await signUp(ctx, email, params);
      case "signIn":
        return await signIn(ctx, email, params);
      case "email-verification":
        return await verifyEmail(ctx, email, params);
      case "reset":
        return await requestReset(ctx, email);
    }
  },
  crypto: {
    hashSecret: async (secret) => await scrypt.hash(secret),
    verifySecret: async (secret, hash) => await scrypt.verify(hash, secret),
  },
});
