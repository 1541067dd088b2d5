import { mutationGeneric, queryGeneric } from "convex/server";
import { v } from "convex/values";

const step: number = 1;

export const bump = mutationGeneric({
  args: { name: v.string() },
  handler: async (ctx, { name }) => {
    const row = await ctx.db.query("counts").withIndex("by_name", (q) => q.eq("name", name)).unique();
    if (row) await ctx.db.patch("counts", row._id, { value: row.value + step });
    else await ctx.db.insert("counts", { name, value: step });
    return (row?.value ?? 0) + step;
  },
});

export const get = queryGeneric({
  args: { name: v.string() },
  handler: async (ctx, { name }) => (await ctx.db.query("counts").withIndex("by_name", (q) => q.eq("name", name)).unique())?.value ?? 0,
});
