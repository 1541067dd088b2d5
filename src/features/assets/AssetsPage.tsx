import { usePaginatedQuery } from "convex/react";
import { useState } from "react";
import { Link, useSearchParams } from "react-router";
import { api } from "../../../convex/_generated/api";
import type { AssetSort } from "../../../convex/lib/assets/list";
import { KIND_LABELS, STATUS_LABELS } from "../../../convex/lib/assets/rules";
import { ASSET_KINDS, ASSET_STATUSES, type AssetKind, type AssetStatus } from "../../../convex/lib/assets/tables";
import { Button, Input, Select, Spinner, buttonClasses } from "../../ui";
import { AssetCard } from "./AssetCard";
import { IncomingOffers } from "./IncomingOffers";
import { useDebounced } from "../../lib/useDebounced";

const PAGE_SIZE = 12;
/** /assets: my assets, live, with search, filters, sort and paging; incoming offers on top. */
export default function AssetsPage() {
  const [params, setParams] = useSearchParams();
  const kind = (ASSET_KINDS as readonly string[]).includes(params.get("kind") ?? "") ? (params.get("kind") as AssetKind) : undefined;
  const status = (ASSET_STATUSES as readonly string[]).includes(params.get("status") ?? "") ? (params.get("status") as AssetStatus) : undefined;
  const sort = (["newest", "oldest", "name"].includes(params.get("sort") ?? "") ? params.get("sort") : "newest") as AssetSort;
  const [search, setSearch] = useState(params.get("q") ?? "");
  const query = useDebounced(search.trim());
  const { results, status: loadStatus, loadMore } = usePaginatedQuery(
    api.assets.listMine,
    { kind, status, sort, search: query || undefined },
    { initialNumItems: PAGE_SIZE },
  );

  const setParam = (key: string, value: string) => {
    const next = new URLSearchParams(params);
    if (value) next.set(key, value);
    else next.delete(key);
    setParams(next, { replace: true });
  };
  const filtered = Boolean(kind || status || query);

  return (
    <section className="mx-auto w-full max-w-6xl px-4 py-8 sm:px-6 sm:py-12">
      <div className="mb-6 flex flex-wrap items-center justify-between gap-3">
        <h1 className="text-3xl font-bold tracking-tight text-slate-900 dark:text-white">My Assets</h1>
        <Link to="/tag" className={buttonClasses("primary")}>Tag Asset</Link>
      </div>
      <IncomingOffers />
      <div className="mb-4 grid gap-2 sm:grid-cols-[minmax(0,1fr)_auto_auto_auto]">
        <Input type="search" aria-label="Search my assets" placeholder="Search by name, serial, brand, SKU..." value={search} onChange={(e) => setSearch(e.target.value)} />
        <Select aria-label="Filter by kind" value={kind ?? ""} onChange={(e) => setParam("kind", e.target.value)}>
          <option value="">All kinds</option>
          {ASSET_KINDS.map((k) => <option key={k} value={k}>{KIND_LABELS[k]}</option>)}
        </Select>
        <Select aria-label="Filter by status" value={status ?? ""} onChange={(e) => setParam("status", e.target.value)}>
          <option value="">All statuses</option>
          {ASSET_STATUSES.map((s) => <option key={s} value={s}>{STATUS_LABELS[s]}</option>)}
        </Select>
        <Select aria-label="Sort" value={sort} disabled={query !== ""} onChange={(e) => setParam("sort", e.target.value === "newest" ? "" : e.target.value)}>
          <option value="newest">Newest first</option>
          <option value="oldest">Oldest first</option>
          <option value="name">Name A–Z</option>
        </Select>
      </div>
      {loadStatus === "LoadingFirstPage" ? (
        <div className="flex justify-center py-16"><Spinner label="Loading assets..." /></div>
      ) : results.length === 0 ? (
        <div className="rounded-2xl border border-dashed border-slate-300 p-10 text-center dark:border-slate-700">
          <p className="font-semibold text-slate-900 dark:text-white">{filtered ? "No assets match" : "You have not tagged anything yet"}</p>
          <p className="mt-1 text-sm text-slate-600 dark:text-slate-400">
            {filtered ? "Try another search or filter." : "Tag your first asset to get a serial number anyone can verify."}
          </p>
        </div>
      ) : (
        <ul className="grid gap-3 sm:grid-cols-2 lg:grid-cols-3" aria-label="My assets">
          {results.map((a) => <AssetCard key={a._id} asset={a} />)}
        </ul>
      )}
      {(loadStatus === "CanLoadMore" || loadStatus === "LoadingMore") && (
        <div className="mt-6 flex justify-center">
          <Button variant="outline" loading={loadStatus === "LoadingMore"} onClick={() => loadMore(PAGE_SIZE)}>Load more</Button>
        </div>
      )}
    </section>
  );
}
