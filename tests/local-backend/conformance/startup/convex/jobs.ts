import { anyApi, internalMutationGeneric, mutationGeneric, queryGeneric } from "convex/server";
import { v } from "convex/values";

export const later = mutationGeneric({
  args: { label: v.string(), delayMs: v.number() },
  handler: async (ctx, { label, delayMs }) => {
    await ctx.scheduler.runAfter(delayMs, anyApi.jobs.record, { label });
    return null;
  },
});

export const record = internalMutationGeneric({
  args: { label: v.string() },
  handler: async (ctx, { label }) => {
    await ctx.db.insert("ran", { label });
    return null;
  },
});

export const states = queryGeneric({
  args: {},
  handler: async (ctx) => (await ctx.db.system.query("_scheduled_functions").collect()).map((j) => ({ state: j.state.kind, error: (j.state as { error?: string }).error })),
});
