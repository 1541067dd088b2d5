import { mutationGeneric, queryGeneric } from "convex/server";
import { v } from "convex/values";

/** Writes its entries one by one and fails past the limit, half done, as a component's checks might. */
export const addAll = mutationGeneric({
  args: { amounts: v.array(v.number()), limit: v.number() },
  handler: async (ctx, { amounts, limit }) => {
    let total = 0;
    for (const amount of amounts) {
      await ctx.db.insert("entries", { amount });
      total += amount;
      if (total > limit) throw new Error("over the limit");
    }
    return total;
  },
});

export const total = queryGeneric({
  args: {},
  handler: async (ctx) => (await ctx.db.query("entries").collect()).reduce((sum, e) => sum + e.amount, 0),
});
