import { useConvex } from "convex/react";
import type { ReactNode } from "react";
import { Link } from "react-router";
import { api } from "../../../convex/_generated/api";
import { ASSET_SORTS } from "../../../convex/lib/assets/sorts";
import type { FunctionReturnType } from "convex/server";
import { KIND_LABELS, STATUS_LABELS } from "../../../convex/lib/assets/rules";
import { ASSET_KINDS, ASSET_STATUSES, type AssetKind, type AssetStatus } from "../../../convex/lib/assets/tables";
import { Input, Select, buttonClasses, type Column } from "../../ui";
import { AssetCard } from "./AssetCard";
import { IncomingOffers } from "./IncomingOffers";
import { AssetBulkActions } from "../../lib/AssetBulkActions";
import { InsuranceReportPanel } from "../../lib/InsuranceReport";
import { AssetStatusBadge } from "../../lib/AssetStatusBadge";
import { collectIds } from "../../lib/bulk";
import { useBulkRun } from "../../lib/BulkBar";
import { FiltersSheet } from "../../lib/FiltersSheet";
import { formatDate } from "../../lib/format";
import { useListParams, useSearchParamText } from "../../lib/listParams";
import { ListViewControls, LIST_VIEWS } from "../../lib/ListViewControls";
import { PagedTable } from "../../lib/PagedTable";
import { useCursorPages } from "../../lib/useCursorPages";
import { PresenceBar } from "../../lib/PresenceBar";
import { useSelection } from "../../lib/useSelection";
import { useMayEdit, useWorkspace, useWorkspaceQuery } from "../../lib/useWorkspace";
import { BulkCustodyActions } from "../../lib/custody/BulkCustodyActions";
import { CUSTODY_FILTERS, CUSTODY_FILTER_LABELS, MAX_BORROWER_NAME } from "../../../convex/lib/custody/rules";
import { CustodyList } from "./CustodyList";
import { useCustodyColumn } from "./CustodyColumn";
import { FieldColumnsControl, FieldViewNote } from "../../lib/fieldColumns/FieldColumnsControl";
import { useFieldColumns } from "../../lib/fieldColumns/useFieldColumns";

const PAGE_SIZE = { table: 50, cards: 24 } as const;

type AssetRow = FunctionReturnType<typeof api.assets.listMine>["page"][number];

/**
 * The table's columns. On a phone the row keeps its name and status: the serial and the custody
 * (only when the item is out) ride under the name, and the name takes at most two lines (the
 * whole name is its link's title and what a screen reader reads).
 */
const columns = (outNote: (a: AssetRow) => ReactNode): Column<AssetRow>[] => [
  {
    key: "name",
    header: "Name",
    sort: { asc: "name", desc: "name_desc" },
    cell: (a) => (
      <>
        <Link to={`/assets/${a._id}`} title={a.name} className="font-semibold break-words text-indigo-700 hover:underline max-md:line-clamp-2 dark:text-indigo-300">{a.name}</Link>
        <span className="block whitespace-nowrap font-mono text-xs text-slate-500 md:hidden dark:text-slate-400">{a.serial}</span>
        {outNote(a)}
      </>
    ),
  },
  { key: "serial", wideOnly: true, header: "Serial", cell: (a) => <span className="whitespace-nowrap font-mono text-xs">{a.serial}</span> },
  { key: "kind", wideOnly: true, header: "Kind", cell: (a) => KIND_LABELS[a.kind] },
  { key: "status", header: "Status", cell: (a) => <AssetStatusBadge status={a.status} /> },
  { key: "visibility", wideOnly: true, header: "Visibility", cell: (a) => (a.visibility === "public" ? "Public" : "Private") },
  {
    key: "tagged",
    wideOnly: true,
    header: "Tagged",
    sort: { asc: "oldest", desc: "newest", first: "desc" },
    cell: (a) => <span className="whitespace-nowrap">{formatDate(a.taggedAt)}</span>,
  },
];

/** /assets: my assets as a sortable table (or cards) with exact totals, pages, selection and bulk actions. */
export default function AssetsPage() {
  const client = useConvex();
  const workspace = useWorkspace();
  const mayEdit = useMayEdit();
  const list = useListParams();
  const kind = list.get<AssetKind>("kind", ASSET_KINDS);
  const status = list.get<AssetStatus>("status", ASSET_STATUSES);
  const sort = list.get("sort", ASSET_SORTS) ?? "newest";
  const view = list.get("view", LIST_VIEWS) ?? "table";
  const search = useSearchParamText(list);
  const fields = useFieldColumns<AssetRow>(list, "assets", { searching: search.query !== "" });
  const filter = { kind, status, sort, search: search.query || undefined };
  const byField = workspace.workspaceId === null || fields.view === undefined ? "skip" : { ...fields.view, kind, status, workspaceId: workspace.workspaceId };
  const minePages = useCursorPages(api.assets.listMine, workspace.workspaceId === null || byField !== "skip" ? "skip" : { ...filter, workspaceId: workspace.workspaceId }, PAGE_SIZE[view]);
  const fieldPages = useCursorPages(api.customFields.itemsByValue, byField, PAGE_SIZE[view]);
  const pages = byField === "skip" ? minePages : fieldPages;
  // A field's view lists only the items holding a value in it: the kind / status count is not its total.
  const total = useWorkspaceQuery(api.assets.countMine, search.query || byField !== "skip" ? "skip" : { kind, status });
  // The status each row shows when selected: a bulk status change refuses rows changed since.
  const selection = useSelection(JSON.stringify(filter), (id) => pages.rows.find((a) => a._id === id)?.status);
  const bulk = useBulkRun();
  const filtered = Boolean(kind || status || search.query);
  const custody = list.get("custody", CUSTODY_FILTERS);
  const borrower = useSearchParamText(list, "to");
  const custodyColumn = useCustodyColumn(pages.rows.map((a) => a._id));

  return (
    <section className="mx-auto w-full max-w-6xl px-4 py-8 sm:px-6 sm:py-12">
      <div className="mb-6 flex flex-wrap items-center justify-between gap-3">
        <h1 className="text-3xl font-bold tracking-tight text-slate-900 dark:text-white">My Assets</h1>
        <div className="flex flex-wrap gap-2">
          <Link to="/scan" className={buttonClasses("outline")}>Scan</Link>
          <Link to="/locations" className={buttonClasses("outline")}>Locations</Link>
          <Link to="/audits" className={buttonClasses("outline")}>Audits</Link>
          {mayEdit && <Link to="/tag" className={buttonClasses("primary")}>Tag Asset</Link>}
        </div>
      </div>
      <PresenceBar page={{ list: "assets" }} className="-mt-2 mb-4" />
      <IncomingOffers />
      <div className="mb-4 grid grid-cols-[minmax(0,1fr)_auto] gap-2 sm:grid-cols-[minmax(0,1fr)_repeat(6,auto)]">
        <Input type="search" aria-label="Search my assets" placeholder="Search by name, serial, brand, SKU..." value={search.text} onChange={(e) => search.setText(e.target.value)} />
        <FiltersSheet active={[kind, status, custody].filter(Boolean).length}>
          <Select aria-label="Filter by kind" value={kind ?? ""} onChange={(e) => list.set({ kind: e.target.value })}>
            <option value="">All kinds</option>
            {ASSET_KINDS.map((k) => <option key={k} value={k}>{KIND_LABELS[k]}</option>)}
          </Select>
          <Select aria-label="Filter by status" value={status ?? ""} onChange={(e) => list.set({ status: e.target.value })}>
            <option value="">All statuses</option>
            {ASSET_STATUSES.map((s) => <option key={s} value={s}>{STATUS_LABELS[s]}</option>)}
          </Select>
          <Select aria-label="Filter by custody" value={custody ?? ""} onChange={(e) => list.set({ custody: e.target.value, to: undefined })}>
            <option value="">In or out</option>
            {CUSTODY_FILTERS.map((f) => <option key={f} value={f}>{CUSTODY_FILTER_LABELS[f]}</option>)}
          </Select>
          <ListViewControls list={list} sort={sort} view={view} searching={search.query !== ""} />
          <FieldColumnsControl columns={fields} />
        </FiltersSheet>
      </div>
      <div className="mb-4"><InsuranceReportPanel /></div>
      {custody !== undefined ? (
        <>
          <Input type="search" aria-label="Checked out to" placeholder="Checked out to (full name)" maxLength={MAX_BORROWER_NAME} containerClassName="mb-4 sm:max-w-sm" value={borrower.text} onChange={(e) => borrower.setText(e.target.value)} />
          <CustodyList filter={custody} borrower={borrower.query || undefined} />
        </>
      ) : (
      <>
      <FieldViewNote columns={fields} />
      <PagedTable
        caption="My assets"
        columns={fields.columns([...columns(custodyColumn.outNote), custodyColumn.column])}
        pages={pages}
        pageSize={PAGE_SIZE[view]}
        total={search.query || byField !== "skip" ? null : total}
        noun="asset"
        rowId={(a) => a._id}
        rowLabel={(a) => `${a.name} (${a.serial})`}
        sort={fields.sort(sort)}
        onSort={(s) => fields.onSort(s, (own) => list.set({ sort: own === "newest" ? undefined : own }))}
        selection={selection}
        bulk={bulk}
        matchingIds={(onProgress) => collectIds((cursor) => client.query(api.assetBulk.matchingIds, workspace.inCurrent({ ...filter, field: fields.view, cursor })), onProgress)}
        actions={<><AssetBulkActions selection={selection} bulk={bulk} /><BulkCustodyActions selection={selection} bulk={bulk} /></>}
        view={
          view === "cards" ? (rows) => (
            <ul className="grid gap-3 sm:grid-cols-2 lg:grid-cols-3" aria-label="My assets">
              {rows.map((a) => <AssetCard key={a._id} asset={a} />)}
            </ul>
          ) : undefined
        }
        empty={
          <div className="rounded-2xl border border-dashed border-slate-300 p-10 text-center dark:border-slate-700">
            <p className="font-semibold text-slate-900 dark:text-white">{filtered ? "No assets match" : "You have not tagged anything yet"}</p>
            <p className="mt-1 text-sm text-slate-600 dark:text-slate-400">
              {filtered ? "Try another search or filter." : "Tag your first asset to get a serial number anyone can verify."}
            </p>
          </div>
        }
      />
      </>
      )}
    </section>
  );
}
