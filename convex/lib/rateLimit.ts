import type { MutationCtx } from "../_generated/server";
import { appError, MESSAGES } from "./errors";

/**
 * Fixed-window limit: at most `max` hits per `windowMs` for one key.
 * Throws RATE_LIMITED; call it first in a mutation so a refusal writes nothing else.
 */
export async function enforceRateLimit(
  ctx: MutationCtx,
  key: string,
  { max, windowMs, message = MESSAGES.rateLimited }: { max: number; windowMs: number; message?: string },
): Promise<void> {
  const now = Date.now();
  const existing = await ctx.db
    .query("rateLimits")
    .withIndex("by_key", (q) => q.eq("key", key))
    .unique();
  if (existing === null) {
    await ctx.db.insert("rateLimits", { key, windowStart: now, count: 1 });
    return;
  }
  if (now - existing.windowStart >= windowMs) {
    await ctx.db.patch("rateLimits", existing._id, { windowStart: now, count: 1 });
    return;
  }
  if (existing.count >= max) {
    throw appError("RATE_LIMITED", message);
  }
  await ctx.db.patch("rateLimits", existing._id, { count: existing.count + 1 });
}
