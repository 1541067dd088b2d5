import { usePaginatedQuery } from "convex/react";
import { useState } from "react";
import { Link } from "react-router";
import { api } from "../../../convex/_generated/api";
import { Button, buttonClasses, Input, Spinner } from "../../ui";
import { PublicAssetCard } from "./PublicAssetCard";
import { useDebounced } from "../../lib/useDebounced";

const PAGE_SIZE = 12;
const SEARCH_DELAY_MS = 300;

const PUBLIC_ASSETS_TEXT = {
  title: "Public Assets",
  intro: "Assets their owners have made public, newest first. Open one to see its status and verify its serial number.",
  search: "Search public assets",
  loading: "Loading public assets...",
  empty: "No public assets yet.",
  noMatch: "No public assets match your search.",
  loadMore: "Load more",
} as const;

/** /public-assets: live, newest first, searchable, paginated. */
export default function PublicAssetsPage() {
  const [search, setSearch] = useState("");
  const term = useDebounced(search.trim(), SEARCH_DELAY_MS);
  const { results, status, loadMore } = usePaginatedQuery(
    api.publicAssets.list,
    term ? { search: term } : {},
    { initialNumItems: PAGE_SIZE },
  );
  return (
    <section className="mx-auto w-full max-w-6xl px-4 py-8 sm:px-6 sm:py-12">
      <div className="flex flex-wrap items-end justify-between gap-4">
        <div className="max-w-2xl">
          <h1 className="text-3xl font-bold tracking-tight text-slate-900 dark:text-white">{PUBLIC_ASSETS_TEXT.title}</h1>
          <p className="mt-2 text-slate-600 dark:text-slate-300">{PUBLIC_ASSETS_TEXT.intro}</p>
        </div>
        <Link to="/tag" className={buttonClasses("primary", "md")}>
          Tag Asset
        </Link>
      </div>
      <div role="search" className="mt-6 max-w-md">
        <Input
          type="search"
          label={PUBLIC_ASSETS_TEXT.search}
          placeholder="Name, serial, brand..."
          value={search}
          onChange={(e) => setSearch(e.target.value)}
        />
      </div>
      {status === "LoadingFirstPage" ? (
        <div className="flex justify-center py-16">
          <Spinner label={PUBLIC_ASSETS_TEXT.loading} />
        </div>
      ) : results.length === 0 ? (
        <p className="mt-10 rounded-2xl border border-dashed border-slate-300 p-10 text-center text-slate-600 dark:border-slate-700 dark:text-slate-300">
          {term ? PUBLIC_ASSETS_TEXT.noMatch : PUBLIC_ASSETS_TEXT.empty}
        </p>
      ) : (
        <ul aria-label="Public assets" className="mt-8 grid gap-4 sm:grid-cols-2 lg:grid-cols-3 xl:grid-cols-4">
          {results.map((asset) => (
            <PublicAssetCard key={asset.serial} asset={asset} />
          ))}
        </ul>
      )}
      {(status === "CanLoadMore" || status === "LoadingMore") && (
        <div className="mt-8 flex justify-center">
          <Button variant="outline" loading={status === "LoadingMore"} onClick={() => loadMore(PAGE_SIZE)}>
            {PUBLIC_ASSETS_TEXT.loadMore}
          </Button>
        </div>
      )}
    </section>
  );
}
