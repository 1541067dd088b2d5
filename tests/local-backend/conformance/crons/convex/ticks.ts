import { internalMutationGeneric, queryGeneric } from "convex/server";

export const tick = internalMutationGeneric({
  args: {},
  handler: async (ctx) => {
    await ctx.db.insert("ticks", { at: Date.now() });
    return null;
  },
});

export const count = queryGeneric({ args: {}, handler: async (ctx) => (await ctx.db.query("ticks").collect()).length });

export const jobs = queryGeneric({
  args: {},
  handler: async (ctx) => (await ctx.db.system.query("_cron_jobs" as never).collect()).map((j: { name: string; prevTs: number | null; nextTs: number }) => j),
});
