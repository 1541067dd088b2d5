import { mutationGeneric, queryGeneric } from "convex/server";
import { v } from "convex/values";

export const add = mutationGeneric({ args: { a: v.string(), b: v.string() }, handler: async (ctx, args) => ctx.db.insert("things", args) });

export const byA = queryGeneric({
  args: { a: v.string() },
  handler: async (ctx, { a }) => (await ctx.db.query("things").withIndex("by_a", (q) => q.eq("a", a)).collect()).length,
});

export const byB = queryGeneric({
  args: { b: v.string() },
  handler: async (ctx, { b }) => (await ctx.db.query("things").withIndex("by_b" as "by_a", (q) => q.eq("b" as "a", b)).collect()).length,
});
