import type { MutationCtx } from "../_generated/server";
import { appError, MESSAGES } from "./errors";

type Window = { max: number; windowMs: number };
export type Slot = { ok: true } | { ok: false; retryAfterMs: number };

/**
 * Fixed-window counter on the rateLimits table: at most `max` hits per `windowMs` for one
 * key. Takes a hit when one is left, else says when the window reopens (writing nothing).
 */
export async function takeWindowSlot(ctx: MutationCtx, key: string, { max, windowMs }: Window): Promise<Slot> {
  const now = Date.now();
  const existing = await ctx.db
    .query("rateLimits")
    .withIndex("by_key", (q) => q.eq("key", key))
    .unique();
  if (existing === null) {
    await ctx.db.insert("rateLimits", { key, windowStart: now, count: 1 });
    return { ok: true };
  }
  if (now - existing.windowStart >= windowMs) {
    await ctx.db.patch("rateLimits", existing._id, { windowStart: now, count: 1 });
    return { ok: true };
  }
  if (existing.count >= max) return { ok: false, retryAfterMs: existing.windowStart + windowMs - now };
  await ctx.db.patch("rateLimits", existing._id, { count: existing.count + 1 });
  return { ok: true };
}

/**
 * The same limit, throwing RATE_LIMITED when it is reached; call it first in a mutation so
 * a refusal writes nothing else.
 */
export async function enforceRateLimit(
  ctx: MutationCtx,
  key: string,
  { message = MESSAGES.rateLimited, ...window }: Window & { message?: string },
): Promise<void> {
  if (!(await takeWindowSlot(ctx, key, window)).ok) throw appError("RATE_LIMITED", message);
}
