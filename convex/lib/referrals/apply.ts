// Attaching a new user to their referrer: one row per referred user, the reward
// through the ledger, and the running counters the dashboards read.
import { env, type MutationCtx, type QueryCtx } from "../../_generated/server";
import type { Doc, Id } from "../../_generated/dataModel";
import { REFERRAL_REWARD } from "../constants";
import { earn } from "../ledger";
import { dayKey, maskedName } from "./rules";

// Referral chains are short; a longer walk is cut off rather than left unbounded.
const MAX_CHAIN = 64;

export async function referralOf(ctx: QueryCtx, referredId: Id<"users">) {
  return await ctx.db
    .query("referrals")
    .withIndex("by_referredId", (q) => q.eq("referredId", referredId))
    .unique();
}

export async function userByCode(ctx: QueryCtx, code: string) {
  return await ctx.db
    .query("users")
    .withIndex("by_referralCode", (q) => q.eq("referralCode", code))
    .first();
}

/**
 * DEFAULT_REFERRER_EMAIL when the deployment sets it (and it names an account);
 * otherwise the first admin account, so a fresh local backend needs no setting.
 */
export async function defaultReferrer(ctx: QueryCtx): Promise<Doc<"users"> | null> {
  const email = env.DEFAULT_REFERRER_EMAIL?.trim().toLowerCase();
  if (email) {
    const configured = await ctx.db
      .query("users")
      .withIndex("email", (q) => q.eq("email", email))
      .first();
    if (configured !== null) return configured;
  }
  return await ctx.db
    .query("users")
    .withIndex("by_role", (q) => q.eq("role", "admin"))
    .first();
}

/** True when `ancestorId` is `userId` or referred it, directly or through others. */
export async function isInChainOf(ctx: QueryCtx, userId: Id<"users">, ancestorId: Id<"users">) {
  let current: Id<"users"> = userId;
  for (let step = 0; step < MAX_CHAIN; step++) {
    if (current === ancestorId) return true;
    const row = await referralOf(ctx, current);
    if (row === null) return false;
    current = row.referrerId;
  }
  return false;
}

type Delta = { referred: number; verified: number; earned: number };

async function bump(
  ctx: MutationCtx,
  kind: Doc<"referralCounters">["kind"],
  key: string,
  delta: Delta,
  now: number,
): Promise<boolean> {
  const row = await ctx.db
    .query("referralCounters")
    .withIndex("by_kind_and_key", (q) => q.eq("kind", kind).eq("key", key))
    .unique();
  if (row === null) {
    await ctx.db.insert("referralCounters", { kind, key, ...delta, lastReferralAt: now, ...(kind === "total" ? { referrers: 0 } : {}) });
    return true;
  }
  await ctx.db.patch("referralCounters", row._id, {
    referred: row.referred + delta.referred,
    verified: row.verified + delta.verified,
    earned: row.earned + delta.earned,
    lastReferralAt: now,
  });
  return false;
}

async function countNewReferrer(ctx: MutationCtx) {
  const total = await ctx.db
    .query("referralCounters")
    .withIndex("by_kind_and_key", (q) => q.eq("kind", "total").eq("key", "all"))
    .unique();
  if (total !== null) await ctx.db.patch("referralCounters", total._id, { referrers: (total.referrers ?? 0) + 1 });
}

type Attachment = { code: string; source: string; defaultReferrerUsed: boolean };

/** Records the referral and pays the referrer once the referred account is verified. */
export async function attach(ctx: MutationCtx, user: Doc<"users">, referrer: Doc<"users">, how: Attachment) {
  const now = Date.now();
  const verified = user.emailVerificationTime !== undefined || user.phoneVerificationTime !== undefined;
  const reward = verified ? REFERRAL_REWARD : 0;
  await ctx.db.insert("referrals", {
    referrerId: referrer._id,
    referredId: user._id,
    ...how,
    verified,
    reward,
    createdAt: now,
  });
  if (reward > 0) {
    await earn(ctx, {
      userId: referrer._id,
      amount: reward,
      source: "referral",
      description: `Referral bonus: ${maskedName(user)} joined`,
    });
  }
  const delta = { referred: 1, verified: verified ? 1 : 0, earned: reward };
  await bump(ctx, "total", "all", delta, now);
  await bump(ctx, "day", dayKey(now), delta, now);
  if (await bump(ctx, "referrer", referrer._id, delta, now)) await countNewReferrer(ctx);
}
