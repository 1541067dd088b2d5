// The app's side: calls into its in-tree component instances.
import { componentsGeneric, mutationGeneric, queryGeneric, type FunctionReference } from "convex/server";
import { v } from "convex/values";

type Counter = {
  counts: { bump: FunctionReference<"mutation", "internal", { name: string }, number>; get: FunctionReference<"query", "internal", { name: string }, number> };
};
const components = componentsGeneric() as unknown as { counter: Counter; second: Counter };

export const bump = mutationGeneric({
  args: { instance: v.union(v.literal("counter"), v.literal("second")), name: v.string() },
  handler: async (ctx, { instance, name }): Promise<number> => ctx.runMutation(components[instance].counts.bump, { name }),
});

export const get = queryGeneric({
  args: { instance: v.union(v.literal("counter"), v.literal("second")), name: v.string() },
  handler: async (ctx, { instance, name }): Promise<number> => ctx.runQuery(components[instance].counts.get, { name }),
});
