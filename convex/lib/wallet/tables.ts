import { v, type Infer } from "convex/values";
import type { Id } from "../../_generated/dataModel";

// Wallet, transaction and referral shapes, shared by schema, args and returns.
const transactionTypeValidator = v.union(v.literal("earned"), v.literal("spent"));

/**
 * Who holds a wallet: a user (the spec's user_wallets; personal workspaces spend it) or a
 * household or business workspace. Wallets and transactions carry exactly one of the two ids.
 */
export const walletHolderValidator = v.union(v.object({ userId: v.id("users") }), v.object({ workspaceId: v.id("workspaces") }));
export type WalletHolder = { userId: Id<"users">; workspaceId?: never } | { workspaceId: Id<"workspaces">; userId?: never };

export const walletFields = {
  userId: v.optional(v.id("users")),
  workspaceId: v.optional(v.id("workspaces")),
  balance: v.number(),
};

export const transactionFields = {
  userId: v.optional(v.id("users")),
  workspaceId: v.optional(v.id("workspaces")),
  // On a workspace wallet's transaction: the member who spent or topped up.
  actorId: v.optional(v.id("users")),
  // Whole TMT; negative when spending.
  amount: v.number(),
  type: transactionTypeValidator,
  // Machine-readable origin: "signup_bonus", "referral", "tagging", ...
  source: v.string(),
  description: v.string(),
  createdAt: v.number(),
  // The wallet's balance once this transaction applied: a checkpoint, so the balance at any
  // past moment is one indexed read (DAO vote weights). Older rows get it from a migration.
  balanceAfter: v.optional(v.number()),
};

const transactionValidator = v.object({
  _id: v.id("transactions"),
  amount: v.number(),
  type: transactionTypeValidator,
  source: v.string(),
  description: v.string(),
  createdAt: v.number(),
  // On a workspace wallet: the member who spent or topped up.
  by: v.optional(v.string()),
});
export type TransactionView = Infer<typeof transactionValidator>;

// The wallet chart: the balance at the end of each of the last days, from the changes since.
export const BALANCE_CHART_DAYS = 30;
export const BALANCE_CHART_CHANGES_LIMIT = 1000;
export const balanceHistoryValidator = v.object({
  balance: v.number(),
  changes: v.array(v.object({ at: v.number(), amount: v.number() })),
});

export const walletOverviewValidator = v.object({
  balance: v.number(),
  transactions: v.array(transactionValidator),
});
export type WalletOverview = Infer<typeof walletOverviewValidator>;

/** The tag form's and import screen's "which wallet pays" line, said before anything is charged. */
export const payerViewValidator = v.union(
  v.object({ holder: v.literal("you"), balance: v.number() }),
  v.object({ holder: v.literal("workspace"), name: v.string(), balance: v.number() }),
);
export type PayerView = Infer<typeof payerViewValidator>;

export const referralFields = {
  referrerId: v.id("users"),
  referredId: v.id("users"),
  // The code as given ("" when none); the default referrer is used when it matched nobody.
  code: v.string(),
  source: v.string(),
  defaultReferrerUsed: v.boolean(),
  // The referred account had a verified email or phone when the referral was applied.
  verified: v.boolean(),
  // TMT paid to the referrer for this referral (0 or REFERRAL_REWARD).
  reward: v.number(),
  createdAt: v.number(),
};

// Running totals, so dashboards never scan the referrals table.
const counterKindValidator = v.union(v.literal("total"), v.literal("day"), v.literal("referrer"));
export const referralCounterFields = {
  kind: counterKindValidator,
  // "all" (total), "YYYY-MM-DD" (day, UTC) or the referrer's user id.
  key: v.string(),
  referred: v.number(),
  verified: v.number(),
  earned: v.number(),
  lastReferralAt: v.number(),
  // Only on the "total" row: how many people have referred anyone.
  referrers: v.optional(v.number()),
};
