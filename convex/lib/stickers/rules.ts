// Sticker batches: sizes, limits and the messages people read.
import { v } from "convex/values";
import { appError, messageNumber } from "../errors";
import { randomString } from "../auth/input";
import { SERIAL_ALPHABET } from "../assets/serial";

export const STICKER_BATCH_MAX = 1_000;
/** Codes one transaction writes; a larger batch is finished by scheduled mutations. */
export const STICKER_CODES_PER_MUTATION = 200;
export const STICKER_BATCHES_PER_HOUR = 10;
/** Code checks (on /verify) and claims one caller may make per hour. */
export const STICKER_GUESSES_PER_HOUR = 60;
/** All visitors together: visitor ids are the browser's own and cost nothing to change. */
export const STICKER_VISITOR_GUESSES_PER_HOUR = 1_000;
export const STICKER_BATCH_LIST_MAX = 50;

export const STICKER_MESSAGES = {
  badCount: `A batch holds from 1 to ${messageNumber(STICKER_BATCH_MAX)} stickers.`,
  notClaimable: "This tag code is not valid or has already been claimed.",
  tooManyGuesses: "You have checked many tag codes in the last hour. Try again later.",
  tooManyVisitorGuesses: "Too many tag codes were checked. Try again in an hour, or sign in to check with your own allowance.",
} as const;

/** Three groups of six characters: 31^18 ≈ 2^89 codes. */
export function drawStickerCode(): string {
  const body = randomString(18, SERIAL_ALPHABET);
  return `TMT-${body.slice(0, 6)}-${body.slice(6, 12)}-${body.slice(12)}`;
}

export function assertBatchCount(count: number): void {
  if (!Number.isInteger(count) || count < 1 || count > STICKER_BATCH_MAX) throw appError("INVALID", STICKER_MESSAGES.badCount);
}

export const stickerBatchValidator = v.object({
  _id: v.id("stickerBatches"),
  createdAt: v.number(),
  count: v.number(),
  claimed: v.number(),
  /** Who made it, shown to admins looking at someone else's batch; null for the caller's own. */
  creator: v.union(v.string(), v.null()),
});

export const claimResultValidator = v.union(
  v.object({ ok: v.literal(true), assetId: v.id("assets"), serial: v.string() }),
  v.object({ ok: v.literal(false), reason: v.union(v.literal("notClaimable"), v.literal("rateLimited")) }),
);
