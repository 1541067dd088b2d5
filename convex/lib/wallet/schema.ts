// The wallet tables; convex/schema.ts assembles every domain's tables into the schema.
import { defineTable } from "convex/server";
import { referralCounterFields, referralFields, transactionFields, walletFields } from "./tables";

export const walletTables = {
  // Wallet and referrals. Balances change only in convex/lib/ledger.ts.
  // One ledger over wallet holders (./tables.ts): a user's wallet, or a shared workspace's.
  wallets: defineTable(walletFields)
    // The signed-in user's wallet (header balance, /wallet, every earn and spend).
    .index("by_userId", ["userId"])
    // A household or business workspace's wallet (its /wallet, the tag form, imports).
    .index("by_workspaceId", ["workspaceId"]),
  transactions: defineTable(transactionFields)
    // /wallet history, newest first.
    .index("by_userId_and_createdAt", ["userId", "createdAt"])
    // A workspace wallet's /wallet history, newest first.
    .index("by_workspaceId_and_createdAt", ["workspaceId", "createdAt"]),
  referrals: defineTable(referralFields)
    // One application per referred user; walking a referrer's chain to refuse cycles.
    .index("by_referredId", ["referredId"])
    // /referrals: the people who joined through me, newest first.
    .index("by_referrerId_and_createdAt", ["referrerId", "createdAt"]),
  referralCounters: defineTable(referralCounterFields)
    // Totals, a referrer's row, and the 30-day range of daily rows.
    .index("by_kind_and_key", ["kind", "key"])
    // Admin leaderboard: referrers by people referred.
    .index("by_kind_and_referred", ["kind", "referred"]),
};
