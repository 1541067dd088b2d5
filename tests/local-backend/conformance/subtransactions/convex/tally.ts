// The app catches a failed call into its component and goes on.
import { componentsGeneric, mutationGeneric, queryGeneric } from "convex/server";
import { v } from "convex/values";

const tally = (componentsGeneric() as unknown as { tally: { entries: Record<"addAll" | "total", never> } }).tally.entries;

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
