// Scheduler and action lifecycle: a mutation that cancels its own job, actions past the time limit, failing actions.
import { anyApi, actionGeneric, internalMutationGeneric, mutationGeneric, queryGeneric } from "convex/server";

export const selfCancel = internalMutationGeneric({
  args: {},
  handler: async (ctx) => {
    const mine = (await ctx.db.system.query("_scheduled_functions").collect()).find(
      (j) => j.name === "lifecycle:selfCancel" && (j.state.kind === "pending" || j.state.kind === "inProgress"),
    );
    if (!mine) throw new Error("own job not found");
    await ctx.scheduler.cancel(mine._id);
    await ctx.db.insert("marks", { by: `selfCancel saw ${mine.state.kind}` });
  },
});

export const scheduleSelfCancel = mutationGeneric({ args: {}, handler: async (ctx): Promise<string> => ctx.scheduler.runAfter(0, anyApi.lifecycle.selfCancel, {}) });

export const marks = queryGeneric({ args: {}, handler: async (ctx) => (await ctx.db.query("marks").collect()).map((m) => m.by) });

/** Keeps calling the database until the runtime stops it. */
export const slow = actionGeneric({
  args: {},
  handler: async (ctx) => {
    for (;;) await ctx.runQuery(anyApi.lifecycle.marks, {});
  },
});

export const boom = actionGeneric({
  args: {},
  handler: async () => {
    throw new Error("boom");
  },
});

export const scheduleActions = mutationGeneric({
  args: {},
  handler: async (ctx) => ({
    slow: await ctx.scheduler.runAfter(0, anyApi.lifecycle.slow, {}),
    boom: await ctx.scheduler.runAfter(0, anyApi.lifecycle.boom, {}),
  }),
});
