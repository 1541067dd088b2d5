import type { Doc } from "../../_generated/dataModel";
import type { MutationCtx } from "../../_generated/server";

/** What Convex Auth's own invalidateSessions does (actions only), in a mutation. */
export async function endSession(ctx: MutationCtx, session: Doc<"authSessions">) {
  const tokens = await ctx.db
    .query("authRefreshTokens")
    .withIndex("sessionId", (q) => q.eq("sessionId", session._id))
    .collect();
  for (const token of tokens) await ctx.db.delete("authRefreshTokens", token._id);
  const info = await ctx.db
    .query("sessionInfo")
    .withIndex("by_sessionId", (q) => q.eq("sessionId", session._id))
    .unique();
  if (info !== null) await ctx.db.delete("sessionInfo", info._id);
  await ctx.db.delete("authSessions", session._id);
}
