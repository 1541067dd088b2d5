import type { Doc, Id } from "../../_generated/dataModel";
import type { MutationCtx } from "../../_generated/server";
import { randomString } from "./input";
import { mailboxKey } from "./emailIdentity";
import { REFERRAL_CODE_ALPHABET, REFERRAL_CODE_LENGTH } from "../constants";
import { openWalletWithBonus } from "../ledger";
import { effectiveRole } from "../roles";
import type { Profile } from "../validators";
import { ensurePersonalWorkspace } from "../workspaces/store";

const REFERRAL_CODE_ATTEMPTS = 10;

async function uniqueReferralCode(ctx: MutationCtx): Promise<string> {
  for (let attempt = 0; attempt < REFERRAL_CODE_ATTEMPTS; attempt++) {
    const code = randomString(REFERRAL_CODE_LENGTH, REFERRAL_CODE_ALPHABET);
    const taken = await ctx.db
      .query("users")
      .withIndex("by_referralCode", (q) => q.eq("referralCode", code))
      .first();
    if (taken === null) return code;
  }
  throw new Error("Could not find a free referral code");
}

function nameFromEmail(email: string | undefined): string | undefined {
  const local = email?.split("@")[0]?.trim();
  return local ? local.slice(0, 100) : undefined;
}

/** Fills the profile fields of a user Convex Auth has just created; no-op afterwards. */
export async function ensureProfile(ctx: MutationCtx, userId: Id<"users">, { openWallet = true } = {}): Promise<void> {
  const user = await ctx.db.get("users", userId);
  if (user === null) return;
  // Idempotent: opens the wallet (with the sign-up bonus) for accounts that have none yet.
  if (openWallet) await openWalletWithBonus(ctx, userId);
  await ensurePersonalWorkspace(ctx, userId);
  if (user.referralCode !== undefined) return;
  await ctx.db.patch("users", userId, {
    role: user.role ?? "influencer",
    isBusinessUser: user.isBusinessUser ?? false,
    isAdminInfluencer: user.isAdminInfluencer ?? false,
    fullName: user.fullName ?? nameFromEmail(user.email),
    referralCode: await uniqueReferralCode(ctx),
    ...(user.email !== undefined && user.emailKey === undefined ? { emailKey: mailboxKey(user.email) } : {}),
  });
}

export function toProfile(user: Doc<"users">): Profile {
  return {
    _id: user._id,
    email: user.email ?? null,
    phone: user.phone ?? null,
    fullName: user.fullName ?? null,
    avatarUrl: user.avatarUrl ?? null,
    role: effectiveRole(user),
    isBusinessUser: user.isBusinessUser ?? false,
    isAdminInfluencer: user.isAdminInfluencer ?? false,
    referralCode: user.referralCode ?? "",
    emailVerified: user.emailVerificationTime !== undefined,
    lastActiveAt: user.lastActiveAt ?? null,
    createdAt: user._creationTime,
  };
}
