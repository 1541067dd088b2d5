import { mutationGeneric, paginationOptsValidator, queryGeneric } from "convex/server";
import { v } from "convex/values";

const order = v.optional(v.union(v.literal("asc"), v.literal("desc")));

export const add = mutationGeneric({
  args: { owner: v.string(), texts: v.array(v.string()) },
  handler: async (ctx, { owner, texts }) => {
    for (const text of texts) await ctx.db.insert("notes", { owner, text });
  },
});

export const hide = mutationGeneric({
  args: { texts: v.array(v.string()) },
  handler: async (ctx, { texts }) => {
    for (const text of texts) await ctx.db.insert("vault", { text });
  },
});

/** One owner's notes: the only rows this query may ever return. */
export const page = queryGeneric({
  args: { owner: v.string(), order, paginationOpts: paginationOptsValidator },
  handler: async (ctx, { owner, order, paginationOpts }) => {
    const result = await ctx.db
      .query("notes")
      .withIndex("by_owner", (q) => q.eq("owner", owner))
      .order(order ?? "asc")
      .paginate(paginationOpts);
    return { ...result, page: result.page.map((n) => `${n.owner}:${n.text}`) };
  },
});

/** One owner's notes matching a term (search cursors are positions in the results). */
export const search = queryGeneric({
  args: { owner: v.string(), term: v.string(), paginationOpts: paginationOptsValidator },
  handler: async (ctx, { owner, term, paginationOpts }) => {
    const result = await ctx.db
      .query("notes")
      .withSearchIndex("search_text", (q) => q.search("text", term).eq("owner", owner))
      .paginate(paginationOpts);
    return { ...result, page: result.page.map((n) => `${n.owner}:${n.text}`) };
  },
});

/** Another table. */
export const vault = queryGeneric({
  args: { paginationOpts: paginationOptsValidator },
  handler: async (ctx, { paginationOpts }) => {
    const result = await ctx.db.query("vault").paginate(paginationOpts);
    return { ...result, page: result.page.map((n) => `vault:${n.text}`) };
  },
});
