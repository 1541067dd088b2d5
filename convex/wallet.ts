// Reads of a wallet: the signed-in user's own, or the current household or business
// workspace's (its members all see it). Writes happen only through lib/ledger.ts.
import { v } from "convex/values";
import { viewerQuery, workspaceQuery } from "./lib/access";
import { getWallet } from "./lib/ledger";
import { payerOf } from "./lib/wallet/payer";
import { balanceOf, historyOf, overviewOf } from "./lib/wallet/read";
import { balanceHistoryValidator, payerViewValidator, walletOverviewValidator } from "./lib/wallet/tables";

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
  handler: async (ctx) => await overviewOf(ctx, { userId: ctx.user._id }),
});

/** The wallet chart: the balance now and every change of the last BALANCE_CHART_DAYS (+1, for time zones) days. */
export const balanceHistory = viewerQuery({
  signedOut: null,
  args: {},
  returns: v.union(v.null(), balanceHistoryValidator),
  handler: async (ctx) => await historyOf(ctx, { userId: ctx.user._id }),
});

const SHARED = { kinds: ["household", "business"], absent: null } as const;

/** /wallet in a household or business workspace: its wallet, for every member. */
export const workspaceOverview = workspaceQuery({
  ...SHARED,
  args: {},
  returns: v.union(v.null(), walletOverviewValidator),
  handler: async (ctx) => await overviewOf(ctx, { workspaceId: ctx.workspace._id }),
});

/** The chart of a household or business workspace's wallet. */
export const workspaceBalanceHistory = workspaceQuery({
  ...SHARED,
  args: {},
  returns: v.union(v.null(), balanceHistoryValidator),
  handler: async (ctx) => await historyOf(ctx, { workspaceId: ctx.workspace._id }),
});

/** Which wallet pays for tagging and imports in this workspace, and its balance (ledger.charge decides the same way). */
export const payer = workspaceQuery({
  absent: null,
  args: {},
  returns: v.union(v.null(), payerViewValidator),
  handler: async (ctx) => {
    const holder = payerOf(ctx.workspace);
    const balance = await balanceOf(ctx, holder);
    return holder.userId !== undefined ? { holder: "you" as const, balance } : { holder: "workspace" as const, name: ctx.workspace.name, balance };
  },
});
