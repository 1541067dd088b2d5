// Guess budgets for guessable secrets (passwords, 6-digit SMS codes), keyed on the
// identifier being proven, never on anything else the request carries.
//
// An attempt is taken *before* the secret is checked and given back only when it
// was right, so parallel guesses cannot slip past the count (check-then-record would
// let 30 simultaneous guesses through a limit of 10).
import type { MutationCtx } from "../../_generated/server";
import { MAX_FAILED_SIGN_INS_PER_HOUR } from "../constants";
import { takeWindowSlot, type Slot } from "../rateLimit";

const WINDOW_MS = 60 * 60_000;

export type AttemptKind = "password" | "phoneCode";

export function attemptKey(kind: AttemptKind, identifier: string): string {
  return `attempt:${kind}:${identifier}`;
}

/** Takes one guess from the identifier's hourly budget, or says when the next one is allowed. */
export async function takeAttempt(ctx: MutationCtx, kind: AttemptKind, identifier: string): Promise<Slot> {
  return await takeWindowSlot(ctx, attemptKey(kind, identifier), { max: MAX_FAILED_SIGN_INS_PER_HOUR, windowMs: WINDOW_MS });
}

/** A right guess gives the budget back (the owner is not locked out by an earlier typo). */
export async function clearAttempts(ctx: MutationCtx, kind: AttemptKind, identifier: string): Promise<void> {
  const existing = await ctx.db
    .query("rateLimits")
    .withIndex("by_key", (q) => q.eq("key", attemptKey(kind, identifier)))
    .unique();
  if (existing !== null) await ctx.db.delete("rateLimits", existing._id);
}
