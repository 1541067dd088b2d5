import { useConvex, useQuery } from "convex/react";
import { Link } from "react-router";
import { toast } from "sonner";
import { api } from "../../../convex/_generated/api";
import { ASSET_SORTS } from "../../../convex/lib/assets/sorts";
import { KIND_LABELS } from "../../../convex/lib/assets/rules";
import type { PublicAssetCard as Card } from "../../../convex/lib/verify/tables";
import { Button, Input, buttonClasses, type Column } from "../../ui";
import { PublicAssetCard } from "./PublicAssetCard";
import { AssetStatusBadge } from "../../lib/AssetStatusBadge";
import { collectIds, itemsText } from "../../lib/bulk";
import { useBulkRun } from "../../lib/BulkBar";
import { exportSelection } from "../../lib/exportCsv";
import { formatDate } from "../../lib/format";
import { useListParams, useSearchParamText } from "../../lib/listParams";
import { ListViewControls, LIST_VIEWS } from "../../lib/ListViewControls";
import { PagedTable } from "../../lib/PagedTable";
import { useCursorPages } from "../../lib/useCursorPages";
import { useSelection } from "../../lib/useSelection";

const PAGE_SIZE = { table: 50, cards: 24 } as const;

const PUBLIC_ASSETS_TEXT = {
  title: "Public Assets",
  intro: "Assets their owners have made public. Open one to see its status and verify its serial number.",
  search: "Search public assets",
  empty: "No public assets yet.",
  noMatch: "No public assets match your search.",
} as const;

const COLUMNS: Column<Card>[] = [
  {
    key: "name",
    header: "Name",
    sort: { asc: "name", desc: "name_desc" },
    cell: (a) => <Link to={`/verify/${a.serial}`} className="font-semibold text-indigo-700 hover:underline dark:text-indigo-300">{a.name}</Link>,
  },
  { key: "serial", header: "Serial", cell: (a) => <span className="font-mono text-xs">{a.serial}</span> },
  { key: "kind", wideOnly: true, header: "Kind", cell: (a) => KIND_LABELS[a.kind] },
  { key: "status", header: "Status", cell: (a) => <AssetStatusBadge status={a.status} /> },
  { key: "category", wideOnly: true, header: "Category", cell: (a) => a.category ?? "—" },
  { key: "tagged", wideOnly: true, header: "Tagged", sort: { asc: "oldest", desc: "newest", first: "desc" }, cell: (a) => <span className="whitespace-nowrap">{formatDate(a.taggedAt)}</span> },
];

/** /public-assets: live, sortable, searchable, paged, as a table (with export of a selection) or cards. */
export default function PublicAssetsPage() {
  const client = useConvex();
  const list = useListParams();
  const sort = list.get("sort", ASSET_SORTS) ?? "newest";
  const view = list.get("view", LIST_VIEWS) ?? "table";
  const search = useSearchParamText(list);
  const filter = { sort, search: search.query || undefined };
  const pages = useCursorPages(api.publicAssets.list, filter, PAGE_SIZE[view]);
  const total = useQuery(api.publicAssets.count, search.query ? "skip" : {});
  const selection = useSelection(JSON.stringify(filter));
  const bulk = useBulkRun();
  const ids = [...selection.ids];
  const exportCsv = () =>
    bulk.run("Exporting", ids.length, async (report) => {
      const n = await exportSelection(
        ids,
        (serials) => client.query(api.publicAssets.cards, { serials }),
        [
          ["serial", (a) => a.serial],
          ["name", (a) => a.name],
          ["kind", (a) => a.kind],
          ["status", (a) => a.status],
          ["category", (a) => a.category ?? ""],
          ["tagged", (a) => new Date(a.taggedAt).toISOString().slice(0, 10)],
        ],
        "public-assets",
        report,
      );
      toast.success(`Exported ${itemsText(n)}`);
    }, "Could not export the selection");

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
      <div className="mt-6 mb-4 flex flex-wrap items-end gap-3">
        <div role="search" className="w-full max-w-md">
          <Input type="search" label={PUBLIC_ASSETS_TEXT.search} placeholder="Name, serial, brand..." value={search.text} onChange={(e) => search.setText(e.target.value)} />
        </div>
        <ListViewControls list={list} sort={sort} view={view} searching={search.query !== ""} />
      </div>
      <PagedTable
        caption="Public assets"
        columns={COLUMNS}
        pages={pages}
        pageSize={PAGE_SIZE[view]}
        total={search.query ? null : total}
        noun="asset"
        rowId={(a) => a.serial}
        rowLabel={(a) => `${a.name} (${a.serial})`}
        sort={sort}
        onSort={(s) => list.set({ sort: s === "newest" ? undefined : s })}
        selection={selection}
        bulk={bulk}
        matchingIds={(onProgress) => collectIds((cursor) => client.query(api.publicAssets.matchingSerials, { ...filter, cursor }), onProgress)}
        actions={<Button size="sm" variant="outline" onClick={() => void exportCsv()} disabled={ids.length === 0 || bulk.busy}>Export CSV</Button>}
        view={
          view === "cards" ? (rows) => (
            <ul aria-label="Public assets" className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3 xl:grid-cols-4">
              {rows.map((asset) => <PublicAssetCard key={asset.serial} asset={asset} />)}
            </ul>
          ) : undefined
        }
        empty={
          <p className="mt-6 rounded-2xl border border-dashed border-slate-300 p-10 text-center text-slate-600 dark:border-slate-700 dark:text-slate-300">
            {search.query ? PUBLIC_ASSETS_TEXT.noMatch : PUBLIC_ASSETS_TEXT.empty}
          </p>
        }
      />
    </section>
  );
}
