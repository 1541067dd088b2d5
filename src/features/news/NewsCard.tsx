import type { FunctionReturnType } from "convex/server";
import type { api } from "../../../convex/_generated/api";
import { NEWS_CARD_PREVIEW_CHARS } from "../../../convex/lib/constants";
import { ArticleImage } from "./ArticleImage";
import { CategoryBadge } from "./CategoryBadge";
import { authorOrTeam, preview } from "./newsFormat";
import { formatLongDate } from "../../lib/format";

type PublicArticle = FunctionReturnType<typeof api.news.listPublished>["page"][number];

export function NewsCard({ article, onRead }: { article: PublicArticle; onRead: () => void }) {
  return (
    <article className="flex flex-col overflow-hidden rounded-2xl border border-slate-200 bg-white shadow-sm transition-shadow hover:shadow-md dark:border-slate-800 dark:bg-slate-900">
      <ArticleImage key={article.imageUrl} url={article.imageUrl} alt="" placeholder seed={article.category} className="h-44 w-full" />
      <div className="flex flex-1 flex-col p-5">
        <div>
          <CategoryBadge category={article.category} />
        </div>
        <h2 className="mt-3 text-lg font-semibold leading-snug break-words text-slate-900 dark:text-white">{article.title}</h2>
        <p className="mt-2 flex-1 text-sm leading-relaxed break-words text-slate-600 dark:text-slate-300">
          {preview(article.content, NEWS_CARD_PREVIEW_CHARS)}
        </p>
        <div className="mt-4 flex flex-wrap items-center justify-between gap-x-3 gap-y-1 text-xs text-slate-500 dark:text-slate-400">
          <span>{authorOrTeam(article.authorName)}</span>
          <time dateTime={new Date(article.createdAt).toISOString()}>{formatLongDate(article.createdAt)}</time>
        </div>
        <button
          type="button"
          onClick={onRead}
          aria-label={`Read More: ${article.title}`}
          className="mt-4 self-start rounded-md text-sm font-semibold text-indigo-600 hover:text-indigo-800 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-indigo-500 dark:text-indigo-400 dark:hover:text-indigo-300"
        >
          Read More <span aria-hidden="true">→</span>
        </button>
      </div>
    </article>
  );
}
