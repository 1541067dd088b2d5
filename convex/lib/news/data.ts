// Server-side article helpers: return shapes, author join, category checks, publish scheduling.
import { v, type Infer } from "convex/values";
import { internal } from "../../_generated/api";
import type { Doc, Id } from "../../_generated/dataModel";
import type { MutationCtx, QueryCtx } from "../../_generated/server";
import { appError } from "../errors";
import { FORMER_MEMBER, isErased } from "../privacy/rules";
import { isDefaultCategory, NEWS_MESSAGES } from "./rules";

/** What anyone may see of a published article: never drafts, never the author's email. */
export const publicArticleValidator = v.object({
  _id: v.id("articles"),
  title: v.string(),
  content: v.string(),
  category: v.string(),
  imageUrl: v.union(v.string(), v.null()),
  authorName: v.union(v.string(), v.null()),
  createdAt: v.number(),
});
type PublicArticle = Infer<typeof publicArticleValidator>;

/** Management's row: everything, with the author's name and email. */
export const managedArticleValidator = v.object({
  ...publicArticleValidator.fields,
  isPublished: v.boolean(),
  publishAt: v.union(v.number(), v.null()),
  authorEmail: v.union(v.string(), v.null()),
});
type ManagedArticle = Infer<typeof managedArticleValidator>;

type Author = { name: string | null; email: string | null };

/** Looks each author up once per call (a page often repeats the same few authors). */
export function authorLookup(ctx: QueryCtx) {
  const cache = new Map<Id<"users">, Promise<Author>>();
  return (id: Id<"users">): Promise<Author> => {
    let found = cache.get(id);
    if (found === undefined) {
      found = ctx.db.get("users", id).then((user) => ({
        name: isErased(user) ? FORMER_MEMBER : user?.fullName?.trim() || null,
        email: user?.email ?? null,
      }));
      cache.set(id, found);
    }
    return found;
  };
}

export function toPublic(article: Doc<"articles">, author: Author): PublicArticle {
  return {
    _id: article._id,
    title: article.title,
    content: article.content,
    category: article.category,
    imageUrl: article.imageUrl ?? null,
    authorName: author.name,
    createdAt: article.createdAt,
  };
}

export function toManaged(article: Doc<"articles">, author: Author): ManagedArticle {
  return {
    _id: article._id,
    title: article.title,
    content: article.content,
    category: article.category,
    imageUrl: article.imageUrl ?? null,
    isPublished: article.isPublished,
    publishAt: article.publishAt ?? null,
    authorName: author.name,
    authorEmail: author.email,
    createdAt: article.createdAt,
  };
}

async function categoryInUse(ctx: QueryCtx, category: string): Promise<boolean> {
  for (const isPublished of [true, false]) {
    const hit = await ctx.db
      .query("articles")
      .withIndex("by_isPublished_and_category_and_createdAt", (q) =>
        q.eq("isPublished", isPublished).eq("category", category),
      )
      .first();
    if (hit !== null) return true;
  }
  return false;
}

/** A default category, or one already in use; anything else is refused. */
export async function requireKnownCategory(ctx: QueryCtx, category: string): Promise<void> {
  if (isDefaultCategory(category) || (await categoryInUse(ctx, category))) return;
  throw appError("INVALID", NEWS_MESSAGES.unknownCategory);
}

/** Distinct categories of published articles: one index seek per category, not a table scan. */
export async function publishedCategories(ctx: QueryCtx, limit: number): Promise<string[]> {
  const found: string[] = [];
  let after: string | null = null;
  while (found.length < limit) {
    const last: string | null = after;
    const next: Doc<"articles"> | null = await ctx.db
      .query("articles")
      .withIndex("by_isPublished_and_category_and_createdAt", (q) =>
        last === null ? q.eq("isPublished", true) : q.eq("isPublished", true).gt("category", last),
      )
      .first();
    if (next === null) break;
    found.push(next.category);
    after = next.category;
  }
  return found;
}

export async function requireArticle(ctx: QueryCtx, id: Id<"articles">): Promise<Doc<"articles">> {
  const article = await ctx.db.get("articles", id);
  if (article === null) throw appError("NOT_FOUND", NEWS_MESSAGES.notFound);
  return article;
}

/** Cancels a pending scheduled publish, if any (a finished or cancelled job is left alone). */
export async function cancelScheduledPublish(ctx: MutationCtx, article: Doc<"articles">): Promise<void> {
  if (article.publishJobId === undefined) return;
  const job = await ctx.db.system.get(article.publishJobId);
  if (job !== null && job.state.kind === "pending") await ctx.scheduler.cancel(article.publishJobId);
}

/** The publish fields for a wanted state: live now, a draft, or a draft that goes live at `publishAt`. */
export async function publishFields(
  ctx: MutationCtx,
  id: Id<"articles">,
  wanted: { isPublished: boolean; publishAt?: number },
  current: Doc<"articles"> | null,
) {
  const now = Date.now();
  if (wanted.isPublished) {
    // Already live: keep its publishedAt, so an edit does not count as unread news again.
    const publishedAt = current?.isPublished ? current.publishedAt ?? now : now;
    return { isPublished: true, publishedAt, publishAt: undefined, publishJobId: undefined };
  }
  if (wanted.publishAt === undefined) {
    return { isPublished: false, publishAt: undefined, publishJobId: undefined };
  }
  if (!Number.isFinite(wanted.publishAt) || wanted.publishAt <= now) {
    throw appError("INVALID", NEWS_MESSAGES.publishAtInPast);
  }
  const publishJobId = await ctx.scheduler.runAt(wanted.publishAt, internal.news.publishScheduled, { id });
  return { isPublished: false, publishAt: wanted.publishAt, publishJobId };
}
