// The one place a balance changes. Each earn or spend inserts its transaction
// and patches the wallet inside the caller's mutation, so both commit or neither
// does; Convex serialises mutations, so racing spends cannot overdraw.
//
// One ledger over wallet holders (lib/wallet/tables.ts): a user, or a household or
// business workspace. The invariant holds per wallet: its balance is the sum of its
// transactions and never negative. Work done in a workspace is paid through `charge`,
// which resolves the payer from the workspace (lib/wallet/payer.ts).
import type { Doc, Id } from "../_generated/dataModel";
import { v } from "convex/values";
import { type MutationCtx, type QueryCtx } from "../_generated/server";
import { internalMutation } from "./writes";
import { SIGNUP_BONUS } from "./constants";
import { appError, MESSAGES, messageNumber } from "./errors";
import type { WalletHolder } from "./wallet/tables";
import { payerOf } from "./wallet/payer";
import { WORKSPACE_MESSAGES } from "./workspaces/rules";

export const MAX_AMOUNT = 1_000_000;
const SOURCE_PATTERN = /^[a-z][a-z0-9_]{0,63}$/;
const MAX_DESCRIPTION = 200;

export const LEDGER_MESSAGES = {
  invalidAmount: `Amount must be a whole number of TMT from 1 to ${messageNumber(MAX_AMOUNT)}`,
  invalidSource: "Transaction source must be a short lowercase identifier",
  invalidDescription: `Description must be 1 to ${MAX_DESCRIPTION} characters`,
} as const;

type Amount = { amount: number; source: string; description: string };
/** An earn or spend: a holder (`userId` or `workspaceId`), and on a workspace wallet the member acting. */
export type Entry = WalletHolder & Amount & { actorId?: Id<"users"> };

function checkEntry(entry: Entry): { source: string; description: string } {
  const { amount } = entry;
  if (!Number.isSafeInteger(amount) || amount < 1 || amount > MAX_AMOUNT) {
    throw appError("INVALID", LEDGER_MESSAGES.invalidAmount);
  }
  if (!SOURCE_PATTERN.test(entry.source)) throw appError("INVALID", LEDGER_MESSAGES.invalidSource);
  const description = entry.description.trim();
  if (description === "" || description.length > MAX_DESCRIPTION) {
    throw appError("INVALID", LEDGER_MESSAGES.invalidDescription);
  }
  return { source: entry.source, description };
}

export async function getWallet(ctx: QueryCtx, userId: Id<"users">): Promise<Doc<"wallets"> | null> {
  return await ctx.db
    .query("wallets")
    .withIndex("by_userId", (q) => q.eq("userId", userId))
    .unique();
}

/**
 * A user's own balance as it stood at `time` (DAO vote weights: never a workspace's wallet,
 * whose rows the user index leaves out): the checkpoint of their last transaction up to then
 * (0 with none). Rows written before checkpoints existed are worked out from the first
 * checkpointed row after `time` (or the wallet), less what came between.
 */
export async function balanceAt(ctx: QueryCtx, userId: Id<"users">, time: number): Promise<number> {
  const last = await ctx.db
    .query("transactions")
    .withIndex("by_userId_and_createdAt", (q) => q.eq("userId", userId).lte("createdAt", time))
    .order("desc")
    .first();
  if (last === null) return 0;
  if (last.balanceAfter !== undefined) return last.balanceAfter;
  let since = 0;
  const later = ctx.db.query("transactions").withIndex("by_userId_and_createdAt", (q) => q.eq("userId", userId).gt("createdAt", time));
  for await (const row of later) {
    if (row.balanceAfter !== undefined) return row.balanceAfter - row.amount - since;
    since += row.amount;
  }
  return ((await getWallet(ctx, userId))?.balance ?? 0) - since;
}

/**
 * The checkpoint an older transaction lacks: the one before it (same wallet) plus its amount.
 * Workspace wallets began after checkpoints did, so their rows always carry one.
 */
export async function checkpointOf(ctx: QueryCtx, row: Doc<"transactions">): Promise<number | null> {
  const { userId } = row;
  if (userId === undefined) return row.balanceAfter ?? null;
  // The index orders by (userId, createdAt, _creationTime): first the same moment's earlier rows.
  const previous =
    (await ctx.db
      .query("transactions")
      .withIndex("by_userId_and_createdAt", (q) => q.eq("userId", userId).eq("createdAt", row.createdAt).lt("_creationTime", row._creationTime))
      .order("desc")
      .first()) ??
    (await ctx.db
      .query("transactions")
      .withIndex("by_userId_and_createdAt", (q) => q.eq("userId", userId).lt("createdAt", row.createdAt))
      .order("desc")
      .first());
  if (previous === null) return row.amount;
  return previous.balanceAfter === undefined ? null : previous.balanceAfter + row.amount;
}

/** The wallet of a user or of a workspace, or null before its first credit. */
export async function walletOf(ctx: QueryCtx, holder: WalletHolder): Promise<Doc<"wallets"> | null> {
  if (holder.userId !== undefined) return await getWallet(ctx, holder.userId);
  const { workspaceId } = holder;
  return await ctx.db
    .query("wallets")
    .withIndex("by_workspaceId", (q) => q.eq("workspaceId", workspaceId))
    .unique();
}

/** Only the holder's own id, whatever else the entry carries. */
function holderOf(entry: Entry): WalletHolder {
  return entry.userId !== undefined ? { userId: entry.userId } : { workspaceId: entry.workspaceId };
}

async function requireHolder(ctx: MutationCtx, holder: WalletHolder) {
  if (holder.userId !== undefined) {
    if ((await ctx.db.get("users", holder.userId)) === null) throw appError("NOT_FOUND", MESSAGES.userNotFound);
  } else if ((await ctx.db.get("workspaces", holder.workspaceId)) === null) {
    throw appError("NOT_FOUND", WORKSPACE_MESSAGES.notFound);
  }
}

async function record(ctx: MutationCtx, wallet: Doc<"wallets">, entry: Entry, signed: number) {
  const { source, description } = checkEntry(entry);
  const balance = wallet.balance + signed;
  const holder = wallet.workspaceId !== undefined ? { workspaceId: wallet.workspaceId, actorId: entry.actorId } : { userId: wallet.userId };
  const transactionId = await ctx.db.insert("transactions", {
    ...holder,
    amount: signed,
    type: signed < 0 ? "spent" : "earned",
    source,
    description,
    createdAt: Date.now(),
    balanceAfter: balance,
  });
  await ctx.db.patch("wallets", wallet._id, { balance });
  return { balance, transactionId };
}

/** Adds whole TMT to a holder's balance, opening the wallet if needed. */
export async function earn(ctx: MutationCtx, entry: Entry) {
  checkEntry(entry);
  const holder = holderOf(entry);
  await requireHolder(ctx, holder);
  let wallet = await walletOf(ctx, holder);
  if (wallet === null) {
    const id = await ctx.db.insert("wallets", { ...holder, balance: 0 });
    wallet = (await ctx.db.get("wallets", id))!;
  }
  return await record(ctx, wallet, entry, entry.amount);
}

/** Takes whole TMT from a holder's balance; 'Insufficient tokens' (nothing written) when short. */
export async function spend(ctx: MutationCtx, entry: Entry) {
  checkEntry(entry);
  const holder = holderOf(entry);
  await requireHolder(ctx, holder);
  const wallet = await walletOf(ctx, holder);
  if (wallet === null || wallet.balance < entry.amount) {
    throw appError("INSUFFICIENT_TOKENS", MESSAGES.insufficientTokens);
  }
  return await record(ctx, wallet, entry, -entry.amount);
}

/**
 * Charges work done in the workspace by `actorId` to the wallet that pays for it: the user's
 * own in a personal workspace, the workspace's in a household or business one. Returns the
 * payer, so a refund can go back to the same wallet.
 */
export async function charge(ctx: MutationCtx, workspaceId: Id<"workspaces">, actorId: Id<"users">, amount: Amount): Promise<WalletHolder> {
  const workspace = await ctx.db.get("workspaces", workspaceId);
  // A personal workspace is never shared; should anyone else ever act in one, they do not
  // get to spend its user's own wallet.
  if (workspace === null || (workspace.kind === "personal" && workspace.createdBy !== actorId)) {
    throw appError("NOT_FOUND", WORKSPACE_MESSAGES.notFound);
  }
  const payer = payerOf(workspace);
  await spend(ctx, { ...payer, ...amount, actorId });
  return payer;
}

/** Opens a new user's wallet with the sign-up bonus; does nothing once the wallet exists. */
export async function openWalletWithBonus(ctx: MutationCtx, userId: Id<"users">): Promise<void> {
  if ((await getWallet(ctx, userId)) !== null) return;
  await earn(ctx, { userId, amount: SIGNUP_BONUS, source: "signup_bonus", description: "Welcome bonus for joining" });
}

/**
 * Credits an account from outside the app: support (`npx convex run lib/ledger:earnTokens`)
 * and end-to-end fixtures. Internal, so no client can call it; app code calls earn/spend.
 */
export const earnTokens = internalMutation({
  args: { userId: v.id("users"), amount: v.number(), source: v.string(), description: v.string() },
  returns: v.object({ balance: v.number(), transactionId: v.id("transactions") }),
  handler: async (ctx, entry) => await earn(ctx, entry),
});

/** The same for a workspace's wallet (a business or household pays for its tagging and imports from it). */
export const earnWorkspaceTokens = internalMutation({
  args: { workspaceId: v.id("workspaces"), amount: v.number(), source: v.string(), description: v.string() },
  returns: v.object({ balance: v.number(), transactionId: v.id("transactions") }),
  handler: async (ctx, entry) => await earn(ctx, entry),
});
