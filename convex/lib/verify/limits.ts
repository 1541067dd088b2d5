import type { MutationCtx } from "../../_generated/server";

/**
 * Fixed-window slot on the shared rateLimits table that answers instead of throwing:
 * a visit past the limit is still a visit, it just raises no new alert.
 */
export async function takeSlot(
  ctx: MutationCtx,
  key: string,
  { max, windowMs }: { max: number; windowMs: number },
): Promise<boolean> {
  const now = Date.now();
  const row = await ctx.db
    .query("rateLimits")
    .withIndex("by_key", (q) => q.eq("key", key))
    .unique();
  if (row === null) {
    await ctx.db.insert("rateLimits", { key, windowStart: now, count: 1 });
    return true;
  }
  if (now - row.windowStart >= windowMs) {
    await ctx.db.patch("rateLimits", row._id, { windowStart: now, count: 1 });
    return true;
  }
  if (row.count >= max) return false;
  await ctx.db.patch("rateLimits", row._id, { count: row.count + 1 });
  return true;
}
