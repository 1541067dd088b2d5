import type { FunctionReturnType } from "convex/server";
import type { api } from "../../../convex/_generated/api";
import { NEWS_MANAGEMENT_PREVIEW_CHARS } from "../../../convex/lib/constants";
import { Button, cn } from "../../ui";
import { CategoryBadge } from "./CategoryBadge";
import { preview } from "./newsFormat";
import { formatDateTime, formatLongDate } from "../../lib/format";

export type ManagedArticle = FunctionReturnType<typeof api.news.listAll>["page"][number];

interface ArticleRowProps {
  article: ManagedArticle;
  busy: boolean;
  onTogglePublished: () => void;
  onEdit: () => void;
  onDelete: () => void;
}

export function ArticleRow({ article, busy, onTogglePublished, onEdit, onDelete }: ArticleRowProps) {
  const author = article.authorName ?? article.authorEmail ?? "Unknown Author";
  return (
    <li className="flex flex-col gap-4 p-5 sm:flex-row sm:items-start sm:justify-between">
      <div className="min-w-0 flex-1">
        <div className="flex flex-wrap items-center gap-2">
          <h3 className="text-base font-semibold break-words text-slate-900 dark:text-white">{article.title}</h3>
          <span
            className={cn(
              "rounded-full px-2.5 py-0.5 text-xs font-semibold",
              article.isPublished
                ? "bg-emerald-50 text-emerald-700 dark:bg-emerald-950 dark:text-emerald-300"
                : "bg-amber-50 text-amber-700 dark:bg-amber-950 dark:text-amber-300",
            )}
          >
            {article.isPublished ? "Published" : "Draft"}
          </span>
          <CategoryBadge category={article.category} />
        </div>
        <p className="mt-2 text-sm leading-relaxed break-words text-slate-600 dark:text-slate-300">
          {preview(article.content, NEWS_MANAGEMENT_PREVIEW_CHARS)}
        </p>
        <p className="mt-2 flex flex-wrap gap-x-3 gap-y-1 text-xs text-slate-500 dark:text-slate-400">
          <span>{author}</span>
          <time dateTime={new Date(article.createdAt).toISOString()}>{formatLongDate(article.createdAt)}</time>
          {article.publishAt !== null && (
            <span className="font-medium text-indigo-600 dark:text-indigo-400">
              Scheduled for {formatDateTime(article.publishAt)}
            </span>
          )}
        </p>
      </div>
      <div className="flex shrink-0 flex-wrap gap-2" role="group" aria-label={`Actions for ${article.title}`}>
        <Button size="sm" variant={article.isPublished ? "outline" : "secondary"} onClick={onTogglePublished} disabled={busy}>
          {article.isPublished ? "Unpublish" : "Publish"}
        </Button>
        <Button size="sm" variant="outline" onClick={onEdit}>
          Edit
        </Button>
        <Button size="sm" variant="danger" onClick={onDelete}>
          Delete
        </Button>
      </div>
    </li>
  );
}
