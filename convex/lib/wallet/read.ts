// What /wallet shows of one wallet, a user's or a shared workspace's: the same reads
// over the holder's own index.
import type { Doc } from "../../_generated/dataModel";
import type { QueryCtx } from "../../_generated/server";
import { displayName } from "../assets/read";
import { WALLET_HISTORY_LIMIT } from "../constants";
import { walletOf } from "../ledger";
import { BALANCE_CHART_CHANGES_LIMIT, BALANCE_CHART_DAYS, type TransactionView, type WalletHolder } from "./tables";

/** The holder's transactions from `since` on (all when 0), newest first. */
function transactionsOf(ctx: QueryCtx, holder: WalletHolder, since: number) {
  const { userId, workspaceId } = holder;
  return workspaceId !== undefined
    ? ctx.db.query("transactions").withIndex("by_workspaceId_and_createdAt", (q) => q.eq("workspaceId", workspaceId).gte("createdAt", since))
    : ctx.db.query("transactions").withIndex("by_userId_and_createdAt", (q) => q.eq("userId", userId).gte("createdAt", since));
}

export async function balanceOf(ctx: QueryCtx, holder: WalletHolder): Promise<number> {
  return (await walletOf(ctx, holder))?.balance ?? 0;
}

/** Who made a workspace wallet's entry; the members see each other's names. */
async function viewOf(ctx: QueryCtx, t: Doc<"transactions">): Promise<TransactionView> {
  const { _id, amount, type, source, description, createdAt, actorId } = t;
  const view = { _id, amount, type, source, description, createdAt };
  return actorId === undefined ? view : { ...view, by: displayName(await ctx.db.get("users", actorId)) };
}

/** Balance and the latest transactions, newest first. */
export async function overviewOf(ctx: QueryCtx, holder: WalletHolder) {
  const latest = await transactionsOf(ctx, holder, 0).order("desc").take(WALLET_HISTORY_LIMIT);
  return { balance: await balanceOf(ctx, holder), transactions: await Promise.all(latest.map((t) => viewOf(ctx, t))) };
}

/** The balance now and every change of the last BALANCE_CHART_DAYS (+1, for time zones) days. */
export async function historyOf(ctx: QueryCtx, holder: WalletHolder) {
  const since = Date.now() - (BALANCE_CHART_DAYS + 1) * 24 * 60 * 60 * 1000;
  const rows = await transactionsOf(ctx, holder, since).order("desc").take(BALANCE_CHART_CHANGES_LIMIT);
  return { balance: await balanceOf(ctx, holder), changes: rows.map((t) => ({ at: t.createdAt, amount: t.amount })) };
}
