// Every rate limit of the sticker domain, in one place. A code check on /verify and a claim
// each take one guess from the caller's hourly budget, so codes cannot be enumerated.
import type { Id } from "../../_generated/dataModel";
import type { MutationCtx } from "../../_generated/server";
import { enforceRateLimit, takeWindowSlot } from "../rateLimit";
import { STICKER_BATCHES_PER_HOUR, STICKER_GUESSES_PER_HOUR, STICKER_MESSAGES, STICKER_VISITOR_GUESSES_PER_HOUR } from "./rules";

const HOUR = 60 * 60 * 1000;

export type Guesser = { userId: Id<"users"> } | { visitorId: string };

/** Takes one guess for the caller; false when their budget (or all visitors' budget) is spent. */
export async function takeStickerGuess(ctx: MutationCtx, who: Guesser): Promise<boolean> {
  const hourly = (max: number) => ({ max, windowMs: HOUR });
  if ("userId" in who) return (await takeWindowSlot(ctx, `stickerGuess:user:${who.userId}`, hourly(STICKER_GUESSES_PER_HOUR))).ok;
  if (!(await takeWindowSlot(ctx, `stickerGuess:visitor:${who.visitorId}`, hourly(STICKER_GUESSES_PER_HOUR))).ok) return false;
  return (await takeWindowSlot(ctx, "stickerGuess:visitors", hourly(STICKER_VISITOR_GUESSES_PER_HOUR))).ok;
}

export async function enforceBatchLimit(ctx: MutationCtx, userId: Id<"users">): Promise<void> {
  await enforceRateLimit(ctx, `stickerBatch:${userId}`, { max: STICKER_BATCHES_PER_HOUR, windowMs: HOUR, message: STICKER_MESSAGES.tooManyBatches });
}
