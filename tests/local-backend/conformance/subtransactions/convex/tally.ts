// The app catches a failed call into its component and goes on.
import { componentsGeneric, mutationGeneric, queryGeneric, type FunctionReference } from "convex/server";
import { v } from "convex/values";

type Entries = {
  addAll: FunctionReference<"mutation", "internal", { amounts: number[]; limit: number }, number>;
  total: FunctionReference<"query", "internal", Record<string, never>, number>;
};
const tally = (componentsGeneric() as unknown as { tally: { entries: Entries } }).tally.entries;

export const tryAdd = mutationGeneric({
  args: { amounts: v.array(v.number()) },
  handler: async (ctx, { amounts }) => {
    try {
      return await ctx.runMutation(tally.addAll, { amounts, limit: 10 });
    } catch {
      await ctx.db.insert("notes", { text: "refused" });
      return null;
    }
  },
});

export const total = queryGeneric({ args: {}, handler: async (ctx): Promise<number> => ctx.runQuery(tally.total, {}) });
