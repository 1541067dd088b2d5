// Email + password with verification and reset, on Convex Auth's credentials API.
// Written out (rather than the stock Password provider) so that input is
// normalised before any lookup, errors reach the user as ConvexErrors with the
// spec's messages, and `from` / `ref` travel into the verification link.
import { ConvexCredentials } from "@convex-dev/auth/providers/ConvexCredentials";
import {
  createAccount,
  invalidateSessions,
  modifyAccountCredentials,
  retrieveAccount,
  signInViaProvider,
  type GenericActionCtxWithAuthConfig,
} from "@convex-dev/auth/server";
import { Scrypt } from "lucia";
import { internal } from "../../_generated/api";
import type { DataModel, Doc } from "../../_generated/dataModel";
import { parseCode, parseEmail, parseRef, parseSource } from "./input";
import {
  resetEmailProvider,
  verificationRedirect,
  verifyEmailProvider,
} from "./messages";
import { appError, MESSAGES } from "../errors";
import { parseNewPassword } from "./passwordStrength";

export const PASSWORD_PROVIDER_ID = "password";

type Ctx = GenericActionCtxWithAuthConfig<DataModel>;
type Params = Partial<Record<string, unknown>>;
type Result = { userId: Doc<"users">["_id"]; sessionId?: Doc<"authSessions">["_id"] } | null;

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

// Convex Auth reports expected failures as plain Errors with these messages.
function failedWith(error: unknown, message: RegExp) {
  return error instanceof Error && message.test(error.message);
}

/** Redeems an emailed code; null when it is wrong, expired or locked out. */
async function redeemCode(
  ctx: Ctx,
  provider: typeof verifyEmailProvider,
  args: { accountId?: Doc<"authAccounts">["_id"]; params: { email: string; code: string } },
) {
  try {
    return await signInViaProvider(ctx, provider, args);
  } catch (error) {
    if (failedWith(error, /^Could not verify code$/)) return null;
    throw error;
  }
}

async function findAccount(ctx: Ctx, email: string) {
  try {
    return (await retrieveAccount<DataModel>(ctx, { provider: PASSWORD_PROVIDER_ID, account: { id: email } }))
      .account;
  } catch (error) {
    if (failedWith(error, /^InvalidAccountId$/)) return null;
    throw error;
  }
}

async function sendVerification(ctx: Ctx, account: Doc<"authAccounts">, params: Params) {
  const email = account.providerAccountId;
  const redirectTo = verificationRedirect(email, parseSource(params.from), parseRef(params.ref));
  await signInViaProvider(ctx, verifyEmailProvider, {
    accountId: account._id,
    params: { email, redirectTo },
  });
  return null;
}

async function signUp(ctx: Ctx, email: string, params: Params): Promise<Result> {
  const secret = parseNewPassword(params.password, email);
  let created;
  try {
    created = await createAccount<DataModel>(ctx, {
      provider: PASSWORD_PROVIDER_ID,
      account: { id: email, secret },
      profile: { email },
      shouldLinkViaEmail: true,
    });
  } catch (error) {
    if (failedWith(error, /already exists$/)) throw appError("INVALID", MESSAGES.accountExists);
    throw error;
  }
  // Signing up again with the same password behaves like signing in.
  if (!created.account.emailVerified) return await sendVerification(ctx, created.account, params);
  return { userId: created.user._id };
}

async function signIn(ctx: Ctx, email: string, params: Params): Promise<Result> {
  if (typeof params.password !== "string" || params.password === "") {
    throw appError("INVALID", MESSAGES.invalidCredentials);
  }
  let retrieved;
  try {
    retrieved = await retrieveAccount<DataModel>(ctx, {
      provider: PASSWORD_PROVIDER_ID,
      account: { id: email, secret: params.password },
    });
  } catch (error) {
    throwCredentialError(error, MESSAGES.invalidCredentials);
  }
  // Unverified accounts get a fresh link instead of a session (also the "resend").
  if (!retrieved.account.emailVerified) return await sendVerification(ctx, retrieved.account, params);
  await checkSecondFactor(ctx, retrieved.user._id, params);
  return { userId: retrieved.user._id };
}

/**
 * The TOTP challenge (issue 10), after the password has been checked. Without a
 * `totp` (or `recoveryCode`) param the client is told MFA_REQUIRED, shows a code
 * step and calls signIn again with email, password and the code.
 */
async function checkSecondFactor(ctx: Ctx, userId: Doc<"users">["_id"], params: Params) {
  if (!(await ctx.runQuery(internal.twoFactor.requiredFor, { userId }))) return;
  const given = [params.totp, params.recoveryCode].find((c) => typeof c === "string" && c.trim() !== "");
  if (typeof given !== "string") throw appError("MFA_REQUIRED", MESSAGES.mfaRequired);
  const outcome = await ctx.runMutation(internal.twoFactor.redeem, { userId, purpose: "signIn", code: given.trim() });
  if (outcome.status === "locked") throw appError("RATE_LIMITED", MESSAGES.tooManyAttempts);
  if (outcome.status === "invalid") throw appError("INVALID", MESSAGES.invalidTotp);
}

async function verifyEmail(ctx: Ctx, email: string, params: Params): Promise<Result> {
  const code = parseCode(params.code, MESSAGES.invalidCode);
  const account = await findAccount(ctx, email);
  const result =
    account === null
      ? null
      : await redeemCode(ctx, verifyEmailProvider, { accountId: account._id, params: { email, code } });
  if (result === null) throw appError("INVALID", MESSAGES.invalidCode);
  return result;
}

async function requestReset(ctx: Ctx, email: string): Promise<Result> {
  const account = await findAccount(ctx, email);
  // Unknown addresses get the same answer, so the form does not reveal who has an account.
  if (account !== null) {
    await signInViaProvider(ctx, resetEmailProvider, { accountId: account._id, params: { email } });
  }
  return null;
}

async function completeReset(ctx: Ctx, email: string, params: Params): Promise<Result> {
  const secret = parseNewPassword(params.newPassword, email);
  const code = parseCode(params.code, MESSAGES.invalidResetLink);
  const account = await findAccount(ctx, email);
  const result =
    account === null
      ? null
      : await redeemCode(ctx, resetEmailProvider, { params: { email, code } });
  if (result === null || result.userId !== account?.userId) {
    throw appError("INVALID", MESSAGES.invalidResetLink);
  }
  await modifyAccountCredentials(ctx, {
    provider: PASSWORD_PROVIDER_ID,
    account: { id: email, secret },
  });
  // With two-factor on, the emailed link alone must not yield a session: the password
  // changes, every session ends, and the next sign-in asks for the code.
  if (await ctx.runQuery(internal.twoFactor.requiredFor, { userId: result.userId })) {
    await invalidateSessions(ctx, { userId: result.userId });
    return null;
  }
  await invalidateSessions(ctx, { userId: result.userId, except: [result.sessionId] });
  return result;
}

export const passwordProvider = ConvexCredentials<DataModel>({
  id: PASSWORD_PROVIDER_ID,
  authorize: async (params, ctx) => {
    const email = parseEmail(params.email);
    switch (params.flow) {
      case "signUp":
        return await signUp(ctx, email, params);
      case "signIn":
        return await signIn(ctx, email, params);
      case "email-verification":
        return await verifyEmail(ctx, email, params);
      case "reset":
        return await requestReset(ctx, email);
      case "reset-verification":
        return await completeReset(ctx, email, params);
      default:
        throw appError("INVALID", "Unknown sign-in flow");
    }
  },
  crypto: {
    hashSecret: async (secret) => await new Scrypt().hash(secret),
    verifySecret: async (secret, hash) => await new Scrypt().verify(hash, secret),
  },
  extraProviders: [verifyEmailProvider, resetEmailProvider],
});
