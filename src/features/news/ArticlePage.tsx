import { useQuery } from "convex/react";
import { Link } from "react-router";
import { api } from "../../../convex/_generated/api";
import { Button, PageSpinner } from "../../ui";
import { formatLongDate } from "../../lib/format";
import { useDocumentMeta } from "../../lib/useDocumentMeta";
import { ArticleContent } from "./ArticleContent";
import { ArticleImage } from "./ArticleImage";
import { ARTICLE_GONE, copyLink } from "./articleLink";
import { CategoryBadge } from "./CategoryBadge";
import { authorOrTeam, preview } from "./newsFormat";

// A link preview's description: about what search engines and chat apps show.
const DESCRIPTION_CHARS = 160;

const backLink = "text-sm font-medium text-indigo-600 hover:text-indigo-800 dark:text-indigo-400 dark:hover:text-indigo-300";

/**
 * An article's own page (/news/{id} opened directly: a shared link, a new tab): live
 * like the list, titled and described after the article for the tab and link previews.
 */
export function ArticlePage({ articleId }: { articleId: string }) {
  const article = useQuery(api.news.getPublished, { id: articleId });
  useDocumentMeta(
    article ? article.title : article === null ? "Article unavailable" : "News",
    article ? preview(article.content, DESCRIPTION_CHARS) : undefined,
  );
  return (
    <section className="mx-auto w-full max-w-3xl px-4 py-10 sm:px-6 sm:py-14">
      <Link to="/news" className={backLink}>
        <span aria-hidden="true">← </span>All news
      </Link>
      {article === undefined && <PageSpinner label="Loading..." />}
      {article === null && (
        <div className="mt-6">
          <h1 className="text-3xl font-bold tracking-tight text-slate-900 dark:text-white">Article unavailable</h1>
          <p className="mt-3 text-slate-600 dark:text-slate-300">{ARTICLE_GONE}</p>
        </div>
      )}
      {article && (
        <article className="mt-6">
          <div className="flex flex-wrap items-center gap-x-3 gap-y-1 text-sm text-slate-500 dark:text-slate-400">
            <CategoryBadge category={article.category} />
            <span>{authorOrTeam(article.authorName)}</span>
            <time dateTime={new Date(article.createdAt).toISOString()}>{formatLongDate(article.createdAt)}</time>
          </div>
          <h1 className="mt-3 text-3xl font-bold tracking-tight break-words text-slate-900 sm:text-4xl dark:text-white">{article.title}</h1>
          <ArticleImage key={article.imageUrl} url={article.imageUrl} alt="" className="mt-6 max-h-96 w-full rounded-2xl" />
          <ArticleContent content={article.content} className="mt-6 text-lg" />
          <div className="mt-8 flex flex-wrap items-center gap-3 border-t border-slate-200 pt-6 dark:border-slate-800">
            <Button variant="outline" onClick={() => void copyLink(articleId)}>
              Copy link
            </Button>
            <Link to="/news" className={backLink}>
              More news
            </Link>
          </div>
        </article>
      )}
    </section>
  );
}
