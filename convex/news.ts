// News: the public /news page, live news management, scheduled publishing and unread counts.
import { paginationOptsValidator, paginationResultValidator, type PaginationOptions } from "convex/server";
import { v } from "convex/values";
import { internalMutation } from "./lib/writes";
import { newsManagerMutation, newsManagerQuery, publicQuery, viewerQuery, userMutation } from "./lib/access";
import { appError } from "./lib/errors";
import {
  authorLookup,
  cancelScheduledPublish,
  managedArticleValidator,
  publicArticleValidator,
  publishedCategories,
  publishFields,
  requireArticle,
  requireKnownCategory,
  toManaged,
  toPublic,
} from "./lib/news/data";
import { articlesByState } from "./lib/counts/aggregates";
import { checkArticle, mergeCategories, NEWS_UNREAD_CAP, type ArticleInput } from "./lib/news/rules";

import { seedDemoArticles } from "./lib/news/seed";

const MAX_PAGE = 50;
const MAX_CATEGORIES = 100;

// A client may ask for any page size; the server reads at most MAX_PAGE documents per page.
const bounded = (opts: PaginationOptions): PaginationOptions => ({
  ...opts,
  numItems: Math.max(1, Math.min(opts.numItems, MAX_PAGE)),
});

/** Published articles, newest first, optionally of one category. Never drafts. */
export const listPublished = publicQuery({
  args: { paginationOpts: paginationOptsValidator, category: v.optional(v.string()) },
  returns: paginationResultValidator(publicArticleValidator),
  handler: async (ctx, { paginationOpts, category }) => {
    const articles = ctx.db.query("articles");
    const ordered =
      category === undefined
        ? articles.withIndex("by_isPublished_and_createdAt", (q) => q.eq("isPublished", true)).order("desc")
        : articles
            .withIndex("by_isPublished_and_category_and_createdAt", (q) =>
              q.eq("isPublished", true).eq("category", category),
            )
            .order("desc");
    const result = await ordered.paginate(bounded(paginationOpts));
    const author = authorLookup(ctx);
    const page = await Promise.all(result.page.map(async (a) => toPublic(a, await author(a.authorId))));
    return { ...result, page };
  },
});

/** One published article (the /news modal), or null: missing, unpublished, or not an article id. */
export const getPublished = publicQuery({
  args: { id: v.string() },
  returns: v.union(v.null(), publicArticleValidator),
  handler: async (ctx, { id }) => {
    const articleId = ctx.db.normalizeId("articles", id);
    const article = articleId === null ? null : await ctx.db.get("articles", articleId);
    if (article === null || !article.isPublished) return null;
    return toPublic(article, await authorLookup(ctx)(article.authorId));
  },
});

/** Categories of published articles merged with the defaults, sorted. */
export const listCategories = publicQuery({
  args: {},
  returns: v.array(v.string()),
  handler: async (ctx) => mergeCategories(await publishedCategories(ctx, MAX_CATEGORIES)),
});

/** Every article, drafts included, newest first (management). */
export const listAll = newsManagerQuery({
  args: { paginationOpts: paginationOptsValidator },
  returns: paginationResultValidator(managedArticleValidator),
  handler: async (ctx, { paginationOpts }) => {
    const result = await ctx.db.query("articles").withIndex("by_createdAt").order("desc").paginate(bounded(paginationOpts));
    const author = authorLookup(ctx);
    const page = await Promise.all(result.page.map(async (a) => toManaged(a, await author(a.authorId))));
    return { ...result, page };
  },
});

/** Stat cards, exact (the articlesByState aggregate). */
export const stats = newsManagerQuery({
  args: {},
  returns: v.object({ published: v.number(), drafts: v.number() }),
  handler: async (ctx) => {
    const [published, drafts] = await articlesByState.countBatch(ctx, [{ bounds: { eq: true } }, { bounds: { eq: false } }]);
    return { published, drafts };
  },
});

const articleArgs = {
  title: v.string(),
  content: v.string(),
  category: v.string(),
  imageUrl: v.optional(v.string()),
  isPublished: v.boolean(),
  // Only for drafts: the time (ms) it goes live by itself.
  publishAt: v.optional(v.number()),
};

async function cleanArticle(ctx: Parameters<typeof requireKnownCategory>[0], input: ArticleInput) {
  const checked = checkArticle(input);
  if (!checked.ok) throw appError("INVALID", checked.message);
  await requireKnownCategory(ctx, checked.value.category);
  return checked.value;
}

export const create = newsManagerMutation({
  args: articleArgs,
  returns: v.id("articles"),
  handler: async (ctx, { isPublished, publishAt, ...input }) => {
    const fields = await cleanArticle(ctx, input);
    const id = await ctx.db.insert("articles", {
      ...fields,
      isPublished: false,
      authorId: ctx.user._id,
      createdAt: Date.now(),
    });
    await ctx.db.patch("articles", id, await publishFields(ctx, id, { isPublished, publishAt }, null));
    return id;
  },
});

export const update = newsManagerMutation({
  args: { id: v.id("articles"), ...articleArgs },
  returns: v.null(),
  handler: async (ctx, { id, isPublished, publishAt, ...input }) => {
    const article = await requireArticle(ctx, id);
    const fields = await cleanArticle(ctx, input);
    await cancelScheduledPublish(ctx, article);
    const publish = await publishFields(ctx, id, { isPublished, publishAt }, article);
    await ctx.db.patch("articles", id, { ...fields, ...publish });
    return null;
  },
});

/** The row action and the toggle: publish now, or back to draft (either cancels a scheduled publish). */
export const setPublished = newsManagerMutation({
  args: { id: v.id("articles"), isPublished: v.boolean() },
  returns: v.null(),
  handler: async (ctx, { id, isPublished }) => {
    const article = await requireArticle(ctx, id);
    await cancelScheduledPublish(ctx, article);
    await ctx.db.patch("articles", id, await publishFields(ctx, id, { isPublished }, article));
    return null;
  },
});

export const remove = newsManagerMutation({
  args: { id: v.id("articles") },
  returns: v.null(),
  handler: async (ctx, { id }) => {
    const article = await requireArticle(ctx, id);
    await cancelScheduledPublish(ctx, article);
    await ctx.db.delete("articles", id);
    return null;
  },
});

/** The scheduler's job: a draft goes live at its publish time, unless it was changed since. */
export const publishScheduled = internalMutation({
  args: { id: v.id("articles") },
  returns: v.null(),
  handler: async (ctx, { id }) => {
    const article = await ctx.db.get("articles", id);
    if (article === null || article.isPublished || article.publishAt === undefined) return null;
    await ctx.db.patch("articles", id, {
      isPublished: true,
      publishedAt: Date.now(),
      publishAt: undefined,
      publishJobId: undefined,
    });
    return null;
  },
});

/** Articles published since the reader last opened /news (0 for visitors), up to NEWS_UNREAD_CAP. */
export const unreadCount = viewerQuery({
  signedOut: 0,
  args: {},
  returns: v.number(),
  handler: async (ctx) => {
    const userId = ctx.user._id;
    const read = await ctx.db.query("newsReads").withIndex("by_userId", (q) => q.eq("userId", userId)).unique();
    // Before the first visit, only news published since the account was made counts.
    const since = read?.lastSeenAt ?? ctx.user._creationTime;
    const unread = await ctx.db
      .query("articles")
      .withIndex("by_isPublished_and_publishedAt", (q) => q.eq("isPublished", true).gt("publishedAt", since))
      .take(NEWS_UNREAD_CAP);
    return unread.length;
  },
});

/** Called when the reader opens /news (and while it stays open): everything so far counts as read. */
export const markSeen = userMutation({
  args: {},
  returns: v.null(),
  handler: async (ctx) => {
    const userId = ctx.user._id;
    const read = await ctx.db.query("newsReads").withIndex("by_userId", (q) => q.eq("userId", userId)).unique();
    const lastSeenAt = Date.now();
    if (read === null) await ctx.db.insert("newsReads", { userId, lastSeenAt });
    else await ctx.db.patch("newsReads", read._id, { lastSeenAt });
    return null;
  },
});

/** Demo articles for a local backend (seed.run); does nothing once any article exists. */
export const seedDemo = internalMutation({
  args: {},
  returns: v.null(),
  handler: async (ctx) => {
    await seedDemoArticles(ctx);
    return null;
  },
});
