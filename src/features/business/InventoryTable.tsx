import { useConvex } from "convex/react";
import type { FunctionReturnType } from "convex/server";
import { Link } from "react-router";
import { api } from "../../../convex/_generated/api";
import type { InventorySort } from "../../../convex/lib/assets/sorts";
import type { Column } from "../../ui";
import { AssetBulkActions } from "../../lib/AssetBulkActions";
import { AssetStatusBadge } from "../../lib/AssetStatusBadge";
import { collectIds } from "../../lib/bulk";
import { useBulkRun } from "../../lib/BulkBar";
import { formatDate, formatMoney, formatNumber } from "../../lib/format";
import { PagedTable } from "../../lib/PagedTable";
import { useCursorPages } from "../../lib/useCursorPages";
import { useSelection } from "../../lib/useSelection";
import { useWorkspace } from "../../lib/useWorkspace";

type Item = FunctionReturnType<typeof api.inventory.items>["page"][number];
export type InventoryFilter = { sort: InventorySort; search?: string; location?: string; category?: string };

const PAGE_SIZE = 50;
const dash = <span className="text-slate-400">—</span>;

const COLUMNS: Column<Item>[] = [
  {
    key: "name",
    header: "Item",
    sort: { asc: "name", desc: "name_desc" },
    cell: (i) => (
      <>
        <Link to={`/assets/${i._id}`} className="font-medium text-indigo-700 hover:underline dark:text-indigo-300">{i.name}</Link>
        <span className="block whitespace-nowrap font-mono text-xs text-slate-500">{i.serial}</span>
        {/* On a phone the SKU column gives way (the row keeps name, quantity and status): it shows here. */}
        <span className="block whitespace-nowrap font-mono text-xs text-slate-500 sm:hidden">SKU {i.sku}</span>
      </>
    ),
  },
  { key: "sku", header: "SKU", className: "hidden sm:table-cell", sort: { asc: "sku", desc: "sku_desc" }, cell: (i) => <span className="font-mono">{i.sku}</span> },
  { key: "qty", header: "Qty", sort: { asc: "quantity", desc: "quantity_desc", first: "desc" }, className: "text-right tabular-nums", cell: (i) => formatNumber(i.quantity) },
  { key: "unit", wideOnly: true, header: "Unit cost", sort: { asc: "unit_cost", desc: "unit_cost_desc", first: "desc" }, className: "text-right tabular-nums", cell: (i) => (i.unitCost === null ? dash : formatMoney(i.unitCost)) },
  { key: "value", wideOnly: true, header: "Value", className: "text-right tabular-nums", cell: (i) => (i.value === null ? dash : formatMoney(i.value)) },
  { key: "location", wideOnly: true, header: "Location", sort: { asc: "location", desc: "location_desc" }, cell: (i) => i.location ?? dash },
  { key: "category", wideOnly: true, header: "Category", sort: { asc: "category", desc: "category_desc" }, cell: (i) => i.category ?? dash },
  { key: "status", header: "Status", sort: { asc: "status", desc: "status_desc" }, cell: (i) => <AssetStatusBadge status={i.status} /> },
  { key: "tagged", wideOnly: true, header: "Tagged", sort: { asc: "oldest", desc: "newest", first: "desc" }, cell: (i) => <span className="whitespace-nowrap">{formatDate(i.taggedAt)}</span> },
];

/** The inventory's items: sortable, paged, with an exact total, selection and the asset bulk actions. */
export function InventoryTable({ filter, total, onSort }: { filter: InventoryFilter; total: number | null | undefined; onSort: (sort: string) => void }) {
  const client = useConvex();
  const workspace = useWorkspace();
  const pages = useCursorPages(api.inventory.items, workspace.workspaceId === null ? "skip" : { ...filter, workspaceId: workspace.workspaceId }, PAGE_SIZE);
  const selection = useSelection(JSON.stringify(filter));
  const bulk = useBulkRun();
  return (
    <PagedTable
      caption="Inventory"
      columns={COLUMNS}
      pages={pages}
      pageSize={PAGE_SIZE}
      total={filter.search ? null : total}
      noun="item"
      rowId={(i) => i._id}
      rowLabel={(i) => `${i.name} (${i.sku})`}
      sort={filter.sort}
      onSort={onSort}
      selection={selection}
      bulk={bulk}
      matchingIds={(onProgress) => collectIds((cursor) => client.query(api.assetBulk.matchingIds, workspace.inCurrent({ ...filter, kind: "business" as const, cursor })), onProgress)}
      actions={<AssetBulkActions selection={selection} bulk={bulk} />}
      empty={<p className="text-sm text-slate-600 dark:text-slate-400">No business items match. Import a CSV or tag a business asset.</p>}
    />
  );
}
