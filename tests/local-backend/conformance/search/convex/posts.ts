import { mutationGeneric, paginationOptsValidator, queryGeneric } from "convex/server";
import { v } from "convex/values";

export const add = mutationGeneric({
  args: { body: v.string(), channel: v.string() },
  handler: async (ctx, args) => await ctx.db.insert("posts", args),
});

export const search = queryGeneric({
  args: { query: v.string(), channel: v.optional(v.string()), lang: v.optional(v.string()) },
  handler: async (ctx, { query, channel, lang }) =>
    (
      await ctx.db
        .query("posts")
        .withSearchIndex("search_body", (q) => {
          // The later filter field first, when both are given.
          let s = lang ? q.search("body", query).eq("lang", lang) : q.search("body", query);
          if (channel) s = s.eq("channel", channel);
          return s;
        })
        .take(2000)
    ).map((p) => p.body),
});

export const page = queryGeneric({
  args: { channel: v.string(), paginationOpts: paginationOptsValidator, order: v.optional(v.union(v.literal("asc"), v.literal("desc"))) },
  handler: async (ctx, { channel, paginationOpts, order }) => {
    const result = await ctx.db
      .query("posts")
      .withIndex("by_channel", (q) => q.eq("channel", channel))
      .order(order ?? "asc")
      .paginate(paginationOpts);
    return { ...result, page: result.page.map((p) => p.body) };
  },
});

export const otherPage = queryGeneric({
  args: { paginationOpts: paginationOptsValidator },
  handler: async (ctx, { paginationOpts }) => {
    const result = await ctx.db.query("posts").order("desc").paginate(paginationOpts);
    return { ...result, page: result.page.map((p) => p.body) };
  },
});

export const filteredPage = queryGeneric({
  args: { paginationOpts: paginationOptsValidator },
  handler: async (ctx, { paginationOpts }) => {
    // The rule under test is a filtered page, so the filter is the point here.
    const result = await ctx.db
      .query("posts")
      // eslint-disable-next-line @convex-dev/no-filter-in-query
      .filter((q) => q.eq(q.field("channel"), "rare"))
      .paginate(paginationOpts);
    return { ...result, page: result.page.map((p) => p.body) };
  },
});

export const addMany = mutationGeneric({
  args: { bodies: v.array(v.string()), channel: v.string(), lang: v.optional(v.string()) },
  handler: async (ctx, { bodies, channel, lang }) => {
    for (const body of bodies) await ctx.db.insert("posts", { body, channel, ...(lang ? { lang } : {}) });
    return null;
  },
});

export const setLang = mutationGeneric({
  args: { body: v.string(), lang: v.string() },
  handler: async (ctx, { body, lang }) => {
    for (const post of await ctx.db.query("posts").withIndex("by_channel", (q) => q.eq("channel", "food")).take(100)) {
      if (post.body === body) await ctx.db.patch("posts", post._id, { lang });
    }
    return null;
  },
});
