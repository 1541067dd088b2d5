import { useConvex } from "convex/react";
import type { FunctionReturnType } from "convex/server";
import { Link } from "react-router";
import { api } from "../../../convex/_generated/api";
import { columnOf } from "../../../convex/lib/assets/columns";
import { COMMON_FIELDS, KIND_FIELD_SPECS, type FieldSpec } from "../../../convex/lib/assets/fields";
import { INVENTORY_SORTS, type InventorySort } from "../../../convex/lib/assets/sorts";
import type { Column } from "../../ui";
import { AssetBulkActions } from "../../lib/AssetBulkActions";
import { AssetStatusBadge } from "../../lib/AssetStatusBadge";
import { collectIds } from "../../lib/bulk";
import { useBulkRun } from "../../lib/BulkBar";
import { fieldValue } from "../../lib/FieldValue";
import { formatAmount, formatDate } from "../../lib/format";
import { PagedTable } from "../../lib/PagedTable";
import { useCursorPages } from "../../lib/useCursorPages";
import { useSelection } from "../../lib/useSelection";
import { useWorkspace } from "../../lib/useWorkspace";
import type { FieldColumns } from "../../lib/fieldColumns/useFieldColumns";
import type { FieldView } from "../../../convex/lib/customFields/list";

type Item = FunctionReturnType<typeof api.inventory.items>["page"][number];
export type InventoryFilter = { sort: InventorySort; search?: string; location?: string; category?: string; field?: FieldView };

const PAGE_SIZE = 50;
const dash = <span className="text-slate-400">—</span>;

const SORTS: readonly string[] = INVENTORY_SORTS;
const LISTED: readonly FieldSpec[] = [...KIND_FIELD_SPECS.business, ...COMMON_FIELDS].filter((f: FieldSpec) => f.column !== undefined);
// On a phone a required text column (the SKU) gives way: the row keeps name, quantity and status, and it shows under the name.
const UNDER_NAME: readonly FieldSpec[] = LISTED.filter((f) => f.required && f.type !== "money" && f.type !== "count");
const isNumber = (spec: FieldSpec) => spec.type === "money" || spec.type === "count";

/** A column per field with a `column` header in the business table (and category), sortable where an index serves it. */
function fieldColumn(spec: FieldSpec): Column<Item> {
  const key = columnOf(spec);
  return {
    key,
    header: spec.column ?? spec.label,
    wideOnly: !spec.required,
    className: isNumber(spec) ? "text-right tabular-nums" : UNDER_NAME.includes(spec) ? "hidden sm:table-cell" : undefined,
    sort: SORTS.includes(key) ? { asc: key, desc: `${key}_desc`, ...(isNumber(spec) ? { first: "desc" as const } : {}) } : undefined,
    cell: (i) => fieldValue(spec, (i as Readonly<Record<string, unknown>>)[spec.key], { compact: true }) ?? dash,
  };
}

const VALUE: Column<Item> = { key: "value", wideOnly: true, header: "Value", className: "text-right tabular-nums", sort: { asc: "value", desc: "value_desc", first: "desc" }, cell: (i) => (i.value === null ? dash : formatAmount(i.value)) };

const COLUMNS: Column<Item>[] = [
  {
    key: "name",
    header: "Item",
    sort: { asc: "name", desc: "name_desc" },
    cell: (i) => (
      <>
        {/* On a phone a name takes at most two lines (the whole name is the link's title and what a screen reader reads). */}
        <Link to={`/assets/${i._id}`} title={i.name} className="font-medium break-words text-indigo-700 hover:underline max-md:line-clamp-2 dark:text-indigo-300">{i.name}</Link>
        <span className="block whitespace-nowrap font-mono text-xs text-slate-500">{i.serial}</span>
        {UNDER_NAME.map((f) => (
          <span key={f.key} className="block whitespace-nowrap font-mono text-xs text-slate-500 sm:hidden">
            {f.column ?? f.label} {fieldValue(f, (i as Readonly<Record<string, unknown>>)[f.key], { compact: true })}
          </span>
        ))}
      </>
    ),
  },
  // Each money field is followed by its value over the quantity held.
  ...LISTED.flatMap((f) => (f.type === "money" ? [fieldColumn(f), VALUE] : [fieldColumn(f)])),
  { key: "status", header: "Status", sort: { asc: "status", desc: "status_desc" }, cell: (i) => <AssetStatusBadge status={i.status} /> },
  { key: "tagged", wideOnly: true, header: "Tagged", sort: { asc: "oldest", desc: "newest", first: "desc" }, cell: (i) => <span className="whitespace-nowrap">{formatDate(i.taggedAt)}</span> },
];

/** The inventory's items: sortable, paged, with an exact total, selection and the asset bulk actions. */
export function InventoryTable({ filter, total, onSort, fields }: { filter: InventoryFilter; total: number | null | undefined; onSort: (sort: string) => void; fields: FieldColumns }) {
  const client = useConvex();
  const workspace = useWorkspace();
  const pages = useCursorPages(api.inventory.items, workspace.workspaceId === null ? "skip" : { ...filter, workspaceId: workspace.workspaceId }, PAGE_SIZE);
  // Each row keeps the status it showed when selected: a bulk status change refuses one changed since.
  const selection = useSelection(JSON.stringify(filter), (id) => pages.rows.find((i) => i._id === id)?.status);
  const bulk = useBulkRun();
  // The custom fields' columns go before status and date tagged.
  const columns = fields.columns(COLUMNS, 2);
  return (
    <PagedTable
      caption="Inventory"
      columns={columns}
      pages={pages}
      pageSize={PAGE_SIZE}
      total={filter.search || filter.field ? null : total}
      noun="item"
      rowId={(i) => i._id}
      rowLabel={(i) => `${i.name} (${i.sku})`}
      sort={fields.sort(filter.sort)}
      onSort={(s) => fields.onSort(s, onSort)}
      selection={selection}
      bulk={bulk}
      matchingIds={(onProgress) => collectIds((cursor) => client.query(api.assetBulk.matchingIds, workspace.inCurrent({ ...filter, kind: "business" as const, cursor })), onProgress)}
      actions={<AssetBulkActions selection={selection} bulk={bulk} />}
      empty={<p className="text-sm text-slate-600 dark:text-slate-400">No business items match. Import a CSV or tag a business asset.</p>}
    />
  );
}
