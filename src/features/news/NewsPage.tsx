import { Suspense, useEffect, useRef, useState } from "react";
import { useLocation, useNavigate, useParams } from "react-router";
import { useQuery, usePaginatedQuery } from "convex/react";
import { api } from "../../../convex/_generated/api";
import { NEWS_PAGE_SIZE } from "../../../convex/lib/news/rules";
import { Button, PageSpinner, QueryErrorBoundary } from "../../ui";
import { CategoryFilter } from "./CategoryFilter";
import { LoadMore } from "./LoadMore";
import { NewsCard } from "./NewsCard";
import { useMarkNewsSeen } from "./useNewsUnread";
import { lazyPage } from "../../lib/lazyPage";
import { whenIdle } from "../../lib/whenIdle";

// The reader and an article's own page bring the Markdown renderer and the dialog: chunks of
// their own, so the list's first paint does not wait for them.
const ArticlePage = lazyPage(() => import("./ArticlePage").then((m) => ({ default: m.ArticlePage })));
const ArticleReader = lazyPage(() => import("./ArticleReader").then((m) => ({ default: m.ArticleReader })));

const LOAD_FAILED = "Failed to load news articles";

function LoadFailed({ retry }: { retry: () => void }) {
  useEffect(() => {
    // Sonner is not part of a visitor's first download of the list (src/app/App's LaterToaster).
    void import("sonner").then(({ toast }) => toast.error(LOAD_FAILED, { id: "news-load-failed" }));
  }, []);
  return (
    <div role="alert" className="mt-10 rounded-2xl border border-red-200 bg-red-50 p-6 text-center dark:border-red-900 dark:bg-red-950/40">
      <p className="font-medium text-red-700 dark:text-red-300">{LOAD_FAILED}</p>
      <Button variant="outline" size="sm" className="mt-4" onClick={retry}>
        Try again
      </Button>
    </div>
  );
}

function EmptyState({ title, text }: { title: string; text?: string }) {
  return (
    <div className="mt-10 rounded-2xl border border-dashed border-slate-300 p-10 text-center dark:border-slate-700">
      <p className="text-lg font-semibold text-slate-800 dark:text-slate-100">{title}</p>
      {text && <p className="mt-2 text-sm text-slate-600 dark:text-slate-400">{text}</p>}
    </div>
  );
}

function NewsList({ onRead }: { onRead: (id: string) => void }) {
  const [category, setCategory] = useState<string | null>(null);
  const categories = useQuery(api.news.listCategories, {});
  const { results, status, loadMore } = usePaginatedQuery(
    api.news.listPublished,
    category === null ? {} : { category },
    { initialNumItems: NEWS_PAGE_SIZE },
  );
  // The filter and the first page appear together: whichever came first would otherwise be
  // pushed down by the other (the filter arriving above the spinner was /news's layout shift).
  // Once shown, the filter stays up while another category's first page loads.
  const [shown, setShown] = useState(false);
  if (!shown && categories !== undefined && status !== "LoadingFirstPage") setShown(true);
  const loading = !shown || status === "LoadingFirstPage";
  // The reader, once the list is up (before, its download would compete with the list's).
  useEffect(() => {
    if (shown) whenIdle(ArticleReader.preload);
  }, [shown]);
  // With no news at all, a row of filters would only lead to more empty pages.
  const nothingPublished = category === null && !loading && results.length === 0;

  return (
    <>
      {shown && !nothingPublished && <CategoryFilter categories={categories ?? []} selected={category} onSelect={setCategory} />}
      {loading && <PageSpinner label="Loading..." />}
      {!loading && results.length === 0 &&
        (category === null ? (
          <EmptyState title="No articles yet" text="Check back soon for the latest news and updates!" />
        ) : (
          <EmptyState title={`No articles found in "${category}" category.`} />
        ))}
      {!loading && results.length > 0 && (
        <div className="mt-8 grid gap-6 sm:grid-cols-2 lg:grid-cols-3">
          {results.map((article) => (
            <NewsCard key={article._id} article={article} onRead={() => onRead(article._id)} />
          ))}
        </div>
      )}
      <LoadMore status={loading ? "LoadingFirstPage" : status} onLoadMore={() => loadMore(NEWS_PAGE_SIZE)} label="Load more articles" />
    </>
  );
}

/** Marks a navigation that opens an article over the list (ScrollToTop leaves the list where it was). */
const OVER_THE_LIST = { overlay: true } as const;

/**
 * /news and /news/{id}: readable by anyone; live through useQuery subscriptions. Read More opens
 * the article in the reader over the list (the spec's modal) at the article's own address, and
 * closing goes back to /news; that address opened directly (a shared link, a new tab) is the
 * article's own page.
 */
export default function NewsPage() {
  const { articleId } = useParams();
  const navigate = useNavigate();
  const location = useLocation();
  const openId = articleId ?? null;
  useMarkNewsSeen();
  const open = (id: string) => void navigate(`/news/${encodeURIComponent(id)}`, { state: OVER_THE_LIST });
  // Opened from the list: Back is the same as closing. Opened from a shared link: to the list.
  // Once per opening: a second close (Escape twice before the route changes) must not go back again.
  const closed = useRef<string | null>(null);
  const close = () => {
    if (closed.current === location.key) return;
    closed.current = location.key;
    void (location.state?.overlay ? navigate(-1) : navigate("/news", { replace: true }));
  };
  const ownPage = openId !== null && !location.state?.overlay;
  if (ownPage) {
    return (
      <Suspense fallback={<PageSpinner label="Loading..." />}>
        <ArticlePage key={openId} articleId={openId} />
      </Suspense>
    );
  }
  return (
    <section className="mx-auto w-full max-w-6xl px-4 py-10 sm:px-6 sm:py-14">
      <h1 className="text-3xl font-bold tracking-tight text-slate-900 sm:text-4xl dark:text-white">Latest News</h1>
      <p className="mt-3 max-w-2xl text-base text-slate-600 dark:text-slate-300">
        Product updates, announcements and stories from the TagMyThing team.
      </p>
      <QueryErrorBoundary fallback={(_error, retry) => <LoadFailed retry={retry} />}>
        <NewsList onRead={open} />
      </QueryErrorBoundary>
      {openId !== null && (
        <QueryErrorBoundary key={openId} fallback={() => <LoadFailed retry={close} />}>
          <Suspense fallback={null}>
            <ArticleReader articleId={openId} onClose={close} />
          </Suspense>
        </QueryErrorBoundary>
      )}
    </section>
  );
}
