// Vector search through ctx.vectorSearch (actions only).
import { actionGeneric, mutationGeneric } from "convex/server";
import { v } from "convex/values";

export const add = mutationGeneric({
  args: { name: v.string(), kind: v.string(), embedding: v.array(v.float64()) },
  handler: async (ctx, args) => ctx.db.insert("items", args),
});

export const nearest = actionGeneric({
  args: { vector: v.array(v.float64()), limit: v.optional(v.number()), kinds: v.optional(v.array(v.string())), filterOn: v.optional(v.string()) },
  handler: async (ctx, { vector, limit, kinds, filterOn }) =>
    ctx
      .vectorSearch("items", "by_embedding", {
        vector,
        limit,
        filter: kinds ? (q) => q.or(...kinds.map((k) => q.eq((filterOn ?? "kind") as "kind", k))) : undefined,
      })
      .then(
        (results) => results.map((r) => ({ id: r._id as string, score: Math.round(r._score * 1000) / 1000 })),
        (e: Error) => e.message,
      ),
});
