// TOTP two-factor authentication for password accounts.
// Enrolment: `start` stores a pending secret (shown as a QR code); `confirm` with a
// first code turns it on and returns ten recovery codes, shown once and stored as
// SHA-256 hashes. `disable` needs a code; `regenerateRecoveryCodes` needs an authenticator
// code and replaces the whole set (the old codes stop working). The sign-in challenge lives in the password
// provider (convex/lib/auth/passwordProvider.ts), which calls `redeem` below.
//
// Every code check goes through the internal mutation `redeem`, which never throws:
// it returns an outcome so that failure counts commit, and the public actions turn
// the outcome into the ConvexError the user sees. (A mutation that threw on a wrong
// code would roll its own failure count back.)
import { v } from "convex/values";
import { internal } from "./_generated/api";
import type { Doc, Id } from "./_generated/dataModel";
import { internalQuery, type ActionCtx, type QueryCtx } from "./_generated/server";
import { internalMutation } from "./lib/writes";
import { userAction, userMutation, userQuery } from "./lib/access";
import { appError, MESSAGES } from "./lib/errors";
import { rateLimited, refillSlots, takeSlot } from "./lib/limits";
import {
  generateRecoveryCodes,
  generateSecret,
  hashRecoveryCode,
  matchTotp,
  otpauthUri,
  timingSafeEqual,
} from "./lib/auth/totp";

export const TWO_FACTOR_MESSAGES = {
  emailOnly: "Two-factor authentication is available for accounts that sign in with email and password",
  alreadyOn: "Two-factor authentication is already on",
  notStarted: "Start the set-up again: no pending authenticator found",
  notOn: "Two-factor authentication is not on",
} as const;

const purposeValidator = v.union(v.literal("signIn"), v.literal("confirm"), v.literal("disable"), v.literal("regenerate"));
const outcomeValidator = v.union(
  v.object({ status: v.literal("ok"), recoveryCodes: v.optional(v.array(v.string())) }),
  v.object({ status: v.union(v.literal("invalid"), v.literal("unavailable")) }),
  v.object({ status: v.literal("locked"), retryAfterMs: v.number() }),
);
type Outcome = typeof outcomeValidator.type;

async function rowFor(ctx: QueryCtx, userId: Id<"users">): Promise<Doc<"twoFactor"> | null> {
  return await ctx.db
    .query("twoFactor")
    .withIndex("by_userId", (q) => q.eq("userId", userId))
    .unique();
}

/** Whether `userId` must give a second factor at password sign-in. */
export async function isTwoFactorOn(ctx: QueryCtx, userId: Id<"users">): Promise<boolean> {
  return (await rowFor(ctx, userId))?.secret !== undefined;
}

async function newRecoveryCodes() {
  const codes = generateRecoveryCodes();
  return { codes, hashes: await Promise.all(codes.map(hashRecoveryCode)) };
}

/**
 * Checks one code for `purpose` and applies its effect. Never throws, so the guess it
 * takes from the user's budget (before checking, as for passwords) commits; a right
 * code gives the budget back.
 */
export const redeem = internalMutation({
  args: { userId: v.id("users"), purpose: purposeValidator, code: v.string() },
  returns: outcomeValidator,
  handler: async (ctx, { userId, purpose, code }): Promise<Outcome> => {
    const row = await rowFor(ctx, userId);
    const secret = purpose === "confirm" ? row?.pendingSecret : row?.secret;
    if (row === null || secret === undefined) return { status: "unavailable" };
    const guess = await takeSlot(ctx, "totpGuess", userId);
    if (!guess.ok) return { status: "locked", retryAfterMs: guess.retryAfterMs };
    const now = Date.now();
    const step = await matchTotp(secret, code, now, row.lastUsedStep);
    // Recovery codes stand in for the authenticator, never for confirming a new one or for
    // minting new recovery codes (a leaked code must not buy a fresh set).
    let recoveryIndex = -1;
    if (step === null && purpose !== "confirm" && purpose !== "regenerate") {
      const hash = await hashRecoveryCode(code);
      recoveryIndex = row.recoveryCodeHashes.findIndex((h) => timingSafeEqual(h, hash));
    }
    if (step === null && recoveryIndex === -1) return { status: "invalid" };
    await refillSlots(ctx, "totpGuess", userId);
    const lastUsedStep = step ?? row.lastUsedStep;
    if (purpose === "disable") {
      await ctx.db.delete("twoFactor", row._id);
      return { status: "ok" };
    }
    if (purpose === "confirm") {
      const { codes, hashes } = await newRecoveryCodes();
      await ctx.db.patch("twoFactor", row._id, {
        secret,
        pendingSecret: undefined,
        recoveryCodeHashes: hashes,
        lastUsedStep,
        enabledAt: now,
      });
      return { status: "ok", recoveryCodes: codes };
    }
    if (purpose === "regenerate") {
      const { codes, hashes } = await newRecoveryCodes();
      await ctx.db.patch("twoFactor", row._id, { recoveryCodeHashes: hashes, lastUsedStep });
      return { status: "ok", recoveryCodes: codes };
    }
    // Sign-in: a recovery code works once.
    await ctx.db.patch("twoFactor", row._id, {
      lastUsedStep,
      recoveryCodeHashes: row.recoveryCodeHashes.filter((_, i) => i !== recoveryIndex),
    });
    return { status: "ok" };
  },
});

/** Turns a refused outcome into what the user sees. */
export function throwOutcome(outcome: Outcome, unavailableMessage: string): void {
  if (outcome.status === "locked") throw rateLimited("totpGuess", outcome.retryAfterMs);
  if (outcome.status === "invalid") throw appError("INVALID", MESSAGES.invalidTotp);
  if (outcome.status === "unavailable") throw appError("INVALID", unavailableMessage);
}

export const status = userQuery({
  args: {},
  returns: v.object({
    available: v.boolean(),
    enabled: v.boolean(),
    enabledAt: v.union(v.number(), v.null()),
    recoveryCodesLeft: v.number(),
  }),
  handler: async (ctx) => {
    const row = await rowFor(ctx, ctx.user._id);
    const enabled = row?.secret !== undefined;
    return {
      available: ctx.user.email !== undefined,
      enabled,
      enabledAt: row?.enabledAt ?? null,
      recoveryCodesLeft: enabled ? (row?.recoveryCodeHashes.length ?? 0) : 0,
    };
  },
});

/** A fresh pending secret and its otpauth:// URI (the QR code). Restarting replaces it. */
export const start = userMutation({
  args: {},
  returns: v.object({ secret: v.string(), uri: v.string() }),
  handler: async (ctx) => {
    const email = ctx.user.email;
    if (email === undefined) throw appError("INVALID", TWO_FACTOR_MESSAGES.emailOnly);
    const row = await rowFor(ctx, ctx.user._id);
    if (row?.secret !== undefined) throw appError("INVALID", TWO_FACTOR_MESSAGES.alreadyOn);
    const secret = generateSecret();
    if (row === null) {
      await ctx.db.insert("twoFactor", { userId: ctx.user._id, pendingSecret: secret, recoveryCodeHashes: [] });
    } else {
      await ctx.db.patch("twoFactor", row._id, { pendingSecret: secret });
    }
    return { secret, uri: otpauthUri(secret, email) };
  },
});

/** Redeems `code` for `purpose` as the caller; a refusal becomes the error the user sees. */
async function redeemOrThrow(
  ctx: ActionCtx & { user: Doc<"users"> },
  purpose: Exclude<typeof purposeValidator.type, "signIn">,
  code: string,
  unavailableMessage: string,
): Promise<string[]> {
  const outcome: Outcome = await ctx.runMutation(internal.twoFactor.redeem, { userId: ctx.user._id, purpose, code });
  throwOutcome(outcome, unavailableMessage);
  return outcome.status === "ok" ? (outcome.recoveryCodes ?? []) : [];
}

/** The first code from the app turns two-factor on; the recovery codes are returned only here. */
export const confirm = userAction({
  args: { code: v.string() },
  returns: v.object({ recoveryCodes: v.array(v.string()) }),
  handler: async (ctx, { code }) => ({ recoveryCodes: await redeemOrThrow(ctx, "confirm", code, TWO_FACTOR_MESSAGES.notStarted) }),
});

/** Turning two-factor off needs a current code or an unused recovery code. */
export const disable = userAction({
  args: { code: v.string() },
  returns: v.null(),
  handler: async (ctx, { code }) => {
    await redeemOrThrow(ctx, "disable", code, TWO_FACTOR_MESSAGES.notOn);
    return null;
  },
});

/** A new set of ten recovery codes for a current authenticator code; the old set stops working. */
export const regenerateRecoveryCodes = userAction({
  args: { code: v.string() },
  returns: v.object({ recoveryCodes: v.array(v.string()) }),
  handler: async (ctx, { code }) => ({ recoveryCodes: await redeemOrThrow(ctx, "regenerate", code, TWO_FACTOR_MESSAGES.notOn) }),
});

/** For the sign-in challenge (an action): is a second factor required? */
export const requiredFor = internalQuery({
  args: { userId: v.id("users") },
  returns: v.boolean(),
  handler: async (ctx, { userId }) => await isTwoFactorOn(ctx, userId),
});
