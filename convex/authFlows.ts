// The database side of the sign-in flows (convex/lib/passwordProvider.ts and
// convex/lib/phoneProvider.ts run in actions and call these). Everything here is
// internal: clients reach it only through Convex Auth's `auth:signIn`.
//
// Each function that checks a secret takes its guess from the identifier's budget
// in the same transaction, and answers with an outcome instead of throwing, so
// that the count commits even when the guess was wrong.
import { v } from "convex/values";
import type { Doc, Id } from "./_generated/dataModel";
import { internalQuery, type MutationCtx, type QueryCtx } from "./_generated/server";
import { internalMutation } from "./lib/writes";
import { EMAIL_CODE_TTL_MS, OTP_TTL_MS, RESET_CODE_TTL_MS } from "./lib/constants";
import { mailboxKey } from "./lib/auth/emailIdentity";
import { PASSWORD_PROVIDER_ID, PHONE_PROVIDER_ID } from "./lib/auth/providerIds";
import { hashesEqual } from "./lib/auth/secrets";
import { GUESS_LIMITS, refillSlots, takeSendSlot, takeSlot } from "./lib/limits";
import { ensureProfile } from "./lib/auth/profiles";

// Wrong guesses one SMS code survives; after that a new code must be requested.
const MAX_CODE_FAILURES = 5;

const attemptKind = v.union(v.literal("password"), v.literal("phoneCode"));
const refusal = v.object({ status: v.literal("locked"), retryAfterMs: v.number() });
const signedIn = v.object({ status: v.literal("ok"), userId: v.id("users") });
const invalid = v.object({ status: v.literal("invalid") });

async function accountFor(ctx: QueryCtx, provider: string, id: string) {
  return await ctx.db
    .query("authAccounts")
    .withIndex("providerAndAccountId", (q) => q.eq("provider", provider).eq("providerAccountId", id))
    .unique();
}

async function linkFor(ctx: QueryCtx, email: string, purpose: Doc<"emailLinks">["purpose"]) {
  return await ctx.db
    .query("emailLinks")
    .withIndex("by_email_and_purpose", (q) => q.eq("email", email).eq("purpose", purpose))
    .unique();
}

async function replaceLink(ctx: MutationCtx, fields: Omit<Doc<"emailLinks">, "_id" | "_creationTime">) {
  const existing = await linkFor(ctx, fields.email, fields.purpose);
  if (existing !== null) await ctx.db.delete("emailLinks", existing._id);
  await ctx.db.insert("emailLinks", fields);
}

// ---- guess budgets --------------------------------------------------------------

// A guess is taken *before* the secret is checked and given back only when it was
// right, so parallel guesses cannot slip past the count (check-then-record would let
// 30 simultaneous guesses through a budget of 10).

/** Takes one guess from the identifier's budget, or says when the next one is allowed. */
export const takeGuess = internalMutation({
  args: { kind: attemptKind, identifier: v.string() },
  returns: v.union(v.object({ ok: v.literal(true) }), v.object({ ok: v.literal(false), retryAfterMs: v.number() })),
  handler: async (ctx, { kind, identifier }) => await takeSlot(ctx, GUESS_LIMITS[kind], identifier),
});

/** A right guess gives the budget back (the owner is not locked out by an earlier typo). */
export const clearGuesses = internalMutation({
  args: { kind: attemptKind, identifier: v.string() },
  returns: v.null(),
  handler: async (ctx, { kind, identifier }) => {
    await refillSlots(ctx, GUESS_LIMITS[kind], identifier);
    return null;
  },
});

// ---- e-mail and password --------------------------------------------------------

/** The password account of `email` and whether the address is proven; no secret is checked. */
export const passwordAccount = internalQuery({
  args: { email: v.string() },
  returns: v.union(v.null(), v.object({ userId: v.id("users"), verified: v.boolean() })),
  handler: async (ctx, { email }) => {
    const account = await accountFor(ctx, PASSWORD_PROVIDER_ID, email);
    if (account === null) return null;
    return { userId: account.userId, verified: account.emailVerified !== undefined };
  },
});

/** Whether a verified account already owns this inbox under another spelling (an alias). */
export const inboxTaken = internalQuery({
  args: { email: v.string() },
  returns: v.boolean(),
  handler: async (ctx, { email }) => {
    const owners = await ctx.db
      .query("users")
      .withIndex("by_emailKey", (q) => q.eq("emailKey", mailboxKey(email)))
      .take(10);
    return owners.some((user) => user.emailVerificationTime !== undefined);
  },
});

/** The password hash a pending (unverified) sign-up would set, if one is outstanding. */
export const pendingPasswordHash = internalQuery({
  args: { email: v.string() },
  returns: v.union(v.null(), v.string()),
  handler: async (ctx, { email }) => {
    const pending = await linkFor(ctx, email, "signUp");
    if (pending !== null && pending.expiresAt > Date.now() && pending.passwordHash !== undefined) {
      return pending.passwordHash;
    }
    // An account from before links were kept here: unverified, its own password pends.
    const legacy = await accountFor(ctx, PASSWORD_PROVIDER_ID, email);
    return legacy !== null && legacy.emailVerified === undefined ? (legacy.secret ?? null) : null;
  },
});

/**
 * Records a sign-up awaiting its link. Nothing else exists until the link is opened;
 * a newer sign-up for the same address replaces it (its link and password win).
 */
export const startSignUp = internalMutation({
  args: {
    email: v.string(),
    passwordHash: v.string(),
    codeHash: v.string(),
    from: v.string(),
    ref: v.optional(v.string()),
  },
  returns: v.null(),
  handler: async (ctx, args) => {
    await takeSendSlot(ctx, "email", args.email);
    await replaceLink(ctx, { purpose: "signUp", expiresAt: Date.now() + EMAIL_CODE_TTL_MS, ...args });
    return null;
  },
});

/**
 * Opens a sign-up link: creates the user, its password account and wallet, or takes
 * over an older unverified account for the address (whose password stops working).
 */
export const completeSignUp = internalMutation({
  args: { email: v.string(), codeHash: v.string() },
  returns: v.union(signedIn, invalid),
  handler: async (ctx, { email, codeHash }) => {
    // No guess budget here: a link code has ~190 bits and cannot be guessed, while a
    // budget per address would let anyone lock a newcomer out of their own link.
    const pending = await linkFor(ctx, email, "signUp");
    if (
      pending === null ||
      pending.passwordHash === undefined ||
      pending.expiresAt <= Date.now() ||
      !hashesEqual(pending.codeHash, codeHash)
    ) {
      return { status: "invalid" as const };
    }
    await ctx.db.delete("emailLinks", pending._id);
    const userId = await verifiedPasswordUser(ctx, email, pending.passwordHash);
    return { status: "ok" as const, userId };
  },
});

async function verifiedPasswordUser(ctx: MutationCtx, email: string, secret: string): Promise<Id<"users">> {
  const now = Date.now();
  const existing = await accountFor(ctx, PASSWORD_PROVIDER_ID, email);
  let userId: Id<"users">;
  if (existing !== null) {
    if (existing.emailVerified !== undefined) throw new Error("A verified account has no pending sign-up");
    userId = existing.userId;
    await ctx.db.patch("authAccounts", existing._id, { secret, emailVerified: email });
    await ctx.db.patch("users", userId, { emailVerificationTime: now, emailKey: mailboxKey(email) });
  } else {
    userId = await ctx.db.insert("users", { email, emailVerificationTime: now, emailKey: mailboxKey(email) });
    await ctx.db.insert("authAccounts", {
      userId,
      provider: PASSWORD_PROVIDER_ID,
      providerAccountId: email,
      secret,
      emailVerified: email,
    });
  }
  await ensureProfile(ctx, userId);
  return userId;
}

/** Records a reset link for a verified account; unknown addresses count the same and get none. */
export const startReset = internalMutation({
  args: { email: v.string(), codeHash: v.string() },
  returns: v.boolean(),
  handler: async (ctx, { email, codeHash }) => {
    await takeSendSlot(ctx, "email", email);
    const account = await accountFor(ctx, PASSWORD_PROVIDER_ID, email);
    if (account === null || account.emailVerified === undefined) return false;
    await replaceLink(ctx, { purpose: "reset", email, codeHash, expiresAt: Date.now() + RESET_CODE_TTL_MS });
    return true;
  },
});

async function liveResetLink(ctx: QueryCtx, codeHash: string) {
  const link = await ctx.db
    .query("emailLinks")
    .withIndex("by_codeHash", (q) => q.eq("codeHash", codeHash))
    .unique();
  return link !== null && link.purpose === "reset" && link.expiresAt > Date.now() ? link : null;
}

/** The address a live reset link belongs to (read-only: the link stays usable). */
export const resetLinkEmail = internalQuery({
  args: { codeHash: v.string() },
  returns: v.union(v.null(), v.string()),
  handler: async (ctx, { codeHash }) => (await liveResetLink(ctx, codeHash))?.email ?? null,
});

/** Uses up a reset link; the caller sets the new password. */
export const consumeReset = internalMutation({
  args: { codeHash: v.string() },
  returns: v.union(v.null(), v.object({ email: v.string(), userId: v.id("users") })),
  handler: async (ctx, { codeHash }) => {
    const link = await liveResetLink(ctx, codeHash);
    if (link === null) return null;
    await ctx.db.delete("emailLinks", link._id);
    const account = await accountFor(ctx, PASSWORD_PROVIDER_ID, link.email);
    return account === null ? null : { email: link.email, userId: account.userId };
  },
});

// ---- phone ------------------------------------------------------------------------

/** Stores the code for exactly this number (E.164), replacing any earlier one. */
export const startPhoneCode = internalMutation({
  args: { phone: v.string(), codeHash: v.string() },
  returns: v.null(),
  handler: async (ctx, { phone, codeHash }) => {
    await takeSendSlot(ctx, "sms", phone);
    const existing = await ctx.db
      .query("phoneCodes")
      .withIndex("by_phone", (q) => q.eq("phone", phone))
      .unique();
    if (existing !== null) await ctx.db.delete("phoneCodes", existing._id);
    await ctx.db.insert("phoneCodes", { phone, codeHash, expiresAt: Date.now() + OTP_TTL_MS, failures: 0 });
    return null;
  },
});

/**
 * Checks a code against the one sent to this number. Only now, with the number
 * proven, does its account (user, wallet, bonus) come into being.
 */
export const redeemPhoneCode = internalMutation({
  args: { phone: v.string(), codeHash: v.string() },
  returns: v.union(signedIn, invalid, refusal),
  handler: async (ctx, { phone, codeHash }) => {
    const guess = await takeSlot(ctx, GUESS_LIMITS.phoneCode, phone);
    if (!guess.ok) return { status: "locked" as const, retryAfterMs: guess.retryAfterMs };
    const stored = await ctx.db
      .query("phoneCodes")
      .withIndex("by_phone", (q) => q.eq("phone", phone))
      .unique();
    if (stored === null || stored.expiresAt <= Date.now()) return { status: "invalid" as const };
    if (!hashesEqual(stored.codeHash, codeHash)) {
      if (stored.failures + 1 >= MAX_CODE_FAILURES) await ctx.db.delete("phoneCodes", stored._id);
      else await ctx.db.patch("phoneCodes", stored._id, { failures: stored.failures + 1 });
      return { status: "invalid" as const };
    }
    await ctx.db.delete("phoneCodes", stored._id);
    await refillSlots(ctx, GUESS_LIMITS.phoneCode, phone);
    return { status: "ok" as const, userId: await verifiedPhoneUser(ctx, phone) };
  },
});

async function verifiedPhoneUser(ctx: MutationCtx, phone: string): Promise<Id<"users">> {
  const now = Date.now();
  const existing = await accountFor(ctx, PHONE_PROVIDER_ID, phone);
  let userId: Id<"users">;
  if (existing !== null) {
    userId = existing.userId;
    if (existing.phoneVerified === undefined) await ctx.db.patch("authAccounts", existing._id, { phoneVerified: phone });
    await ctx.db.patch("users", userId, { phoneVerificationTime: now });
  } else {
    userId = await ctx.db.insert("users", { phone, phoneVerificationTime: now });
    await ctx.db.insert("authAccounts", {
      userId,
      provider: PHONE_PROVIDER_ID,
      providerAccountId: phone,
      phoneVerified: phone,
    });
  }
  await ensureProfile(ctx, userId);
  return userId;
}
