import { mutationGeneric, queryGeneric } from "convex/server";
import { v } from "convex/values";

export const add = mutationGeneric({ args: { name: v.string() }, handler: async (ctx, args) => ctx.db.insert("marks", args) });

export const count = queryGeneric({
  args: { name: v.string() },
  handler: async (ctx, { name }) => (await ctx.db.query("marks").withIndex("by_name", (q) => q.eq("name", name)).collect()).length,
});
