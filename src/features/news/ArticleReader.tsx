import { useQuery } from "convex/react";
import { api } from "../../../convex/_generated/api";
import { Button, Modal, Spinner } from "../../ui";
import { ArticleImage } from "./ArticleImage";
import { CategoryBadge } from "./CategoryBadge";
import { authorOrTeam } from "./newsFormat";
import { ArticleContent } from "./ArticleContent";
import { ARTICLE_GONE, copyLink } from "./articleLink";
import { formatLongDate } from "../../lib/format";

/**
 * The Read More modal. It reads the article live by id, so an edit shows at once and an
 * article unpublished or deleted while open turns into a short notice.
 */
export function ArticleReader({ articleId, onClose }: { articleId: string; onClose: () => void }) {
  const article = useQuery(api.news.getPublished, { id: articleId });
  const title = article === undefined ? "Loading article" : article === null ? "Article unavailable" : article.title;
  return (
    <Modal
      open
      onOpenChange={(open) => !open && onClose()}
      title={<span className="break-words">{title}</span>}
      size="lg"
      footer={
        <>
          {article && (
            <Button variant="ghost" onClick={() => void copyLink(articleId)}>
              Copy link
            </Button>
          )}
          <Button variant="outline" onClick={onClose}>
            Close
          </Button>
        </>
      }
    >
      {article === undefined && <Spinner label="Loading..." />}
      {article === null && <p className="text-sm text-slate-600 dark:text-slate-300">{ARTICLE_GONE}</p>}
      {article && (
        <div>
          <ArticleImage key={article.imageUrl} url={article.imageUrl} alt="" className="mb-4 max-h-80 w-full rounded-xl" />
          <div className="flex flex-wrap items-center gap-x-3 gap-y-1 text-xs text-slate-500 dark:text-slate-400">
            <CategoryBadge category={article.category} />
            <span>{authorOrTeam(article.authorName)}</span>
            <time dateTime={new Date(article.createdAt).toISOString()}>{formatLongDate(article.createdAt)}</time>
          </div>
          <ArticleContent content={article.content} className="mt-4" />
        </div>
      )}
    </Modal>
  );
}
