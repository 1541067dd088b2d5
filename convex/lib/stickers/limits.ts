// The sticker domain's budgets (named in lib/limits.ts). A code check on /verify and a
// claim each take one guess from the caller's hourly budget, so codes cannot be enumerated.
import type { Id } from "../../_generated/dataModel";
import type { MutationCtx } from "../../_generated/server";
import { enforceLimit, takeSlot } from "../limits";

export type Guesser = { userId: Id<"users"> } | { visitorId: string };

/** Takes one guess for the caller; false when their budget (or all visitors' budget) is spent. */
export async function takeStickerGuess(ctx: MutationCtx, who: Guesser): Promise<boolean> {
  if ("userId" in who) return (await takeSlot(ctx, "stickerGuess", `user:${who.userId}`)).ok;
  if (!(await takeSlot(ctx, "stickerGuess", `visitor:${who.visitorId}`)).ok) return false;
  return (await takeSlot(ctx, "stickerGuessVisitors")).ok;
}

export async function enforceBatchLimit(ctx: MutationCtx, userId: Id<"users">): Promise<void> {
  await enforceLimit(ctx, "stickerBatch", userId);
}
