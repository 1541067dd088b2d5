// Guess budgets for guessable secrets (passwords, 6-digit SMS codes), keyed on the
// identifier being proven, never on anything else the request carries.
//
// An attempt is taken *before* the secret is checked and given back only when it
// was right, so parallel guesses cannot slip past the count (check-then-record would
// let 30 simultaneous guesses through a limit of 10).
import type { MutationCtx } from "../../_generated/server";
import { MAX_FAILED_SIGN_INS_PER_HOUR } from "../constants";

const WINDOW_MS = 60 * 60_000;

export type AttemptKind = "password" | "phoneCode";
type Attempt = { ok: true } | { ok: false; retryAfterMs: number };

export function attemptKey(kind: AttemptKind, identifier: string): string {
  return `attempt:${kind}:${identifier}`;
}

async function row(ctx: MutationCtx, key: string) {
  return await ctx.db
    .query("rateLimits")
    .withIndex("by_key", (q) => q.eq("key", key))
    .unique();
}

/** Takes one guess from the identifier's hourly budget, or says when the next one is allowed. */
export async function takeAttempt(ctx: MutationCtx, kind: AttemptKind, identifier: string): Promise<Attempt> {
  const key = attemptKey(kind, identifier);
  const now = Date.now();
  const existing = await row(ctx, key);
  if (existing === null || now - existing.windowStart >= WINDOW_MS) {
    if (existing === null) await ctx.db.insert("rateLimits", { key, windowStart: now, count: 1 });
    else await ctx.db.patch("rateLimits", existing._id, { windowStart: now, count: 1 });
    return { ok: true };
  }
  if (existing.count >= MAX_FAILED_SIGN_INS_PER_HOUR) {
    return { ok: false, retryAfterMs: existing.windowStart + WINDOW_MS - now };
  }
  await ctx.db.patch("rateLimits", existing._id, { count: existing.count + 1 });
  return { ok: true };
}

/** A right guess gives the budget back (the owner is not locked out by an earlier typo). */
export async function clearAttempts(ctx: MutationCtx, kind: AttemptKind, identifier: string): Promise<void> {
  const existing = await row(ctx, attemptKey(kind, identifier));
  if (existing !== null) await ctx.db.delete("rateLimits", existing._id);
}
