// Reads of the signed-in user's wallet. Writes happen only through lib/ledger.ts.
import { v } from "convex/values";
import { viewerQuery } from "./lib/access";
import { WALLET_HISTORY_LIMIT } from "./lib/constants";
import { getWallet } from "./lib/ledger";
import { BALANCE_CHART_CHANGES_LIMIT, BALANCE_CHART_DAYS, balanceHistoryValidator, walletOverviewValidator } from "./lib/wallet/tables";

/** The header's '{n} TMT': null when signed out, 0 before the wallet exists. */
export const balance = viewerQuery({
  signedOut: null,
  args: {},
  returns: v.union(v.null(), v.number()),
  handler: async (ctx) => {
    return (await getWallet(ctx, ctx.user._id))?.balance ?? 0;
  },
});

/** /wallet: balance and the latest transactions, newest first; null when signed out. */
export const overview = viewerQuery({
  signedOut: null,
  args: {},
  returns: v.union(v.null(), walletOverviewValidator),
  handler: async (ctx) => {
    const userId = ctx.user._id;
    const wallet = await getWallet(ctx, userId);
    const latest = await ctx.db
      .query("transactions")
      .withIndex("by_userId_and_createdAt", (q) => q.eq("userId", userId))
      .order("desc")
      .take(WALLET_HISTORY_LIMIT);
    return {
      balance: wallet?.balance ?? 0,
      transactions: latest.map(({ _id, amount, type, source, description, createdAt }) => ({
        _id,
        amount,
        type,
        source,
        description,
        createdAt,
      })),
    };
  },
});

/** The wallet chart: the balance now and every change of the last BALANCE_CHART_DAYS (+1, for time zones) days. */
export const balanceHistory = viewerQuery({
  signedOut: null,
  args: {},
  returns: v.union(v.null(), balanceHistoryValidator),
  handler: async (ctx) => {
    const userId = ctx.user._id;
    const since = Date.now() - (BALANCE_CHART_DAYS + 1) * 24 * 60 * 60 * 1000;
    const rows = await ctx.db
      .query("transactions")
      .withIndex("by_userId_and_createdAt", (q) => q.eq("userId", userId).gte("createdAt", since))
      .order("desc")
      .take(BALANCE_CHART_CHANGES_LIMIT);
    return {
      balance: (await getWallet(ctx, userId))?.balance ?? 0,
      changes: rows.map((t) => ({ at: t.createdAt, amount: t.amount })),
    };
  },
});
