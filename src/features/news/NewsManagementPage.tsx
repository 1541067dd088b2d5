import { useEffect, useState } from "react";
import { toast } from "sonner";
import { usePaginatedQuery } from "convex/react";
import { api } from "../../../convex/_generated/api";
import type { Id } from "../../../convex/_generated/dataModel";
import { NEWS_PAGE_SIZE } from "../../../convex/lib/news/rules";
import { Button, Card, PageSpinner, QueryErrorBoundary } from "../../ui";
import { ArticleFormModal } from "./ArticleFormModal";
import { ArticleRow, type ManagedArticle } from "./ArticleRow";
import { DeleteArticleDialog } from "./DeleteArticleDialog";
import { LoadMore } from "./LoadMore";
import { ManagementStats } from "./ManagementStats";
import { useArticleActions } from "./useArticleActions";
import { errorMessage } from "../../lib/errors";

type Editing = { article: ManagedArticle | null } | null;

function AllArticles({ onCreate, onEdit }: { onCreate: () => void; onEdit: (a: ManagedArticle) => void }) {
  const { results, status, loadMore } = usePaginatedQuery(api.news.listAll, {}, { initialNumItems: NEWS_PAGE_SIZE });
  const { togglePublished, deleteArticle } = useArticleActions();
  const [busy, setBusy] = useState<Id<"articles"> | null>(null);
  const [deleting, setDeleting] = useState<ManagedArticle | null>(null);

  const toggle = async (article: ManagedArticle) => {
    setBusy(article._id);
    await togglePublished(article._id, !article.isPublished);
    setBusy(null);
  };

  if (status === "LoadingFirstPage") return <PageSpinner label="Loading..." />;
  return (
    <>
      <ManagementStats />
      <Card padding="none" className="mt-6">
        <h2 className="border-b border-slate-200 px-5 py-4 text-lg font-semibold text-slate-900 dark:border-slate-800 dark:text-white">
          All Articles
        </h2>
        {results.length === 0 ? (
          <div className="p-10 text-center">
            <p className="text-slate-600 dark:text-slate-300">No articles yet.</p>
            <Button className="mt-4" onClick={onCreate}>
              Create First Article
            </Button>
          </div>
        ) : (
          <ul className="divide-y divide-slate-200 dark:divide-slate-800">
            {results.map((article) => (
              <ArticleRow
                key={article._id}
                article={article}
                busy={busy === article._id}
                onTogglePublished={() => void toggle(article)}
                onEdit={() => onEdit(article)}
                onDelete={() => setDeleting(article)}
              />
            ))}
          </ul>
        )}
      </Card>
      <LoadMore status={status} onLoadMore={() => loadMore(NEWS_PAGE_SIZE)} label="Load more articles" />
      {deleting && (
        <DeleteArticleDialog title={deleting.title} onConfirm={() => deleteArticle(deleting._id)} onClose={() => setDeleting(null)} />
      )}
    </>
  );
}

const FETCH_FAILED = "Failed to fetch articles";

function LoadError({ error, retry }: { error: unknown; retry: () => void }) {
  // Every error is a toast, this one too; the list is emptied (this panel replaces it).
  useEffect(() => {
    toast.error(FETCH_FAILED, { id: "news-management-fetch" });
  }, []);
  return (
    <div role="alert" className="mt-8 rounded-2xl border border-red-200 bg-red-50 p-6 dark:border-red-900 dark:bg-red-950/40">
      <p className="font-medium text-red-700 dark:text-red-300">Error: {errorMessage(error, FETCH_FAILED)}</p>
      <Button variant="outline" size="sm" className="mt-4" onClick={retry}>
        Retry
      </Button>
    </div>
  );
}

/** /news-management: admins and admin-influencers (the route guard and every server function check). */
export default function NewsManagementPage() {
  const [editing, setEditing] = useState<Editing>(null);
  return (
    <section className="mx-auto w-full max-w-6xl px-4 py-10 sm:px-6 sm:py-14">
      <div className="flex flex-wrap items-center justify-between gap-4">
        <h1 className="text-3xl font-bold tracking-tight text-slate-900 sm:text-4xl dark:text-white">News Management</h1>
        <Button onClick={() => setEditing({ article: null })}>Create Article</Button>
      </div>
      <QueryErrorBoundary fallback={(error, retry) => <LoadError error={error} retry={retry} />}>
        <AllArticles onCreate={() => setEditing({ article: null })} onEdit={(article) => setEditing({ article })} />
      </QueryErrorBoundary>
      {editing && (
        <ArticleFormModal key={editing.article?._id ?? "new"} article={editing.article} onClose={() => setEditing(null)} />
      )}
    </section>
  );
}
