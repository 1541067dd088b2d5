import { retrieveAccount } from "@convex-dev/auth/server";
import { internal } from "../../_generated/api";
import type { Doc } from "../../_generated/dataModel";
import type { ActionCtx } from "../../_generated/server";
import { MAX_PASSWORD_LENGTH } from "../constants";
import { appError, MESSAGES } from "../errors";
import { spendGuess, throwCredentialError } from "./passwordProvider";
import { PASSWORD_PROVIDER_ID } from "./providerIds";

/**
 * Proves the signed-in user knows their own password (changing it, deleting the account),
 * so a stolen session alone cannot; returns the address it signs in with. Spends a guess of the same hourly budget as signing in.
 */
export async function checkOwnPassword(ctx: ActionCtx, user: Doc<"users">, password: string): Promise<string> {
  const email = user.email;
  if (email === undefined) throw appError("INVALID", MESSAGES.noPassword);
  if (password.length > MAX_PASSWORD_LENGTH) throw appError("INVALID", MESSAGES.wrongCurrentPassword);
  // Only an account that has a password spends a guess (a refusal here writes nothing).
  if ((await ctx.runQuery(internal.authFlows.passwordAccount, { email })) === null) {
    throw appError("INVALID", MESSAGES.wrongCurrentPassword);
  }
  await spendGuess(ctx, "password", email);
  let retrieved;
  try {
    retrieved = await retrieveAccount(ctx, { provider: PASSWORD_PROVIDER_ID, account: { id: email, secret: password } });
  } catch (error) {
    throwCredentialError(error, MESSAGES.wrongCurrentPassword);
  }
  await ctx.runMutation(internal.authFlows.clearGuesses, { kind: "password", identifier: email });
  if (retrieved.user._id !== user._id) throw appError("FORBIDDEN", MESSAGES.forbidden);
  return email;
}
