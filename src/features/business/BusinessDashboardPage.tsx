import { useConvex } from "convex/react";
import { useState } from "react";
import { Link } from "react-router";
import { toast } from "sonner";
import { api } from "../../../convex/_generated/api";
import { Button, Card, Input, PageSpinner, QueryErrorBoundary, Select, cn } from "../../ui";
import { download, inventoryCsv } from "./exportCsv";
import { GroupTable } from "./GroupTable";
import { ImportPanel } from "./ImportPanel";
import { InventoryTable } from "./InventoryTable";
import { errorMessage } from "../../lib/errors";
import { formatNumber, formatTotals } from "../../lib/format";
import { DEFAULT_CURRENCY } from "../../../convex/lib/money/currency";
import { useListParams, useSearchParamText } from "../../lib/listParams";
import { PresenceBar } from "../../lib/PresenceBar";
import { InsuranceReportPanel } from "../../lib/InsuranceReport";
import { INVENTORY_SORTS } from "../../../convex/lib/assets/sorts";
import { useWorkspace, useWorkspaceQuery } from "../../lib/useWorkspace";
import { BusinessWorkspaceGate } from "../../lib/BusinessWorkspaceGate";
import { useCategoryFields } from "../../lib/useCategoryFields";
import { FieldColumnsControl, FieldViewNote } from "../../lib/fieldColumns/FieldColumnsControl";
import { useFieldColumns } from "../../lib/fieldColumns/useFieldColumns";

const ALL = "__all__";
// The URL spelling of "items with no location / category" (an empty param would read as absent).
const NONE = "-";
const fromParam = (value: string | undefined) => (value === NONE ? "" : value);

function Stat({ label, value, wide = false }: { label: string; value: string; wide?: boolean }) {
  return (
    <div
      className={cn(
        "min-w-0 rounded-2xl border border-slate-200 bg-white p-3 shadow-sm sm:p-4 dark:border-slate-800 dark:bg-slate-900",
        wide && "col-span-2 sm:col-span-1",
      )}
    >
      <p className="truncate text-xs font-medium uppercase tracking-wide text-slate-500 dark:text-slate-400">{label}</p>
      <p className="mt-1 truncate text-lg font-bold tabular-nums text-slate-900 sm:text-2xl dark:text-white">{value}</p>
    </div>
  );
}

function Inventory() {
  const client = useConvex();
  const { inCurrent, current } = useWorkspace();
  const list = useListParams();
  const location = fromParam(list.get("location"));
  const category = fromParam(list.get("category"));
  const sort = list.get("sort", INVENTORY_SORTS) ?? "newest";
  const search = useSearchParamText(list);
  const [exporting, setExporting] = useState(false);
  const data = useWorkspaceQuery(api.inventory.summary, { location, category });
  const liveCustomFields = useWorkspaceQuery(api.customFields.list, {})?.filter((d) => !d.removed) ?? [];
  // The filtered category's fields are columns whatever was picked.
  const fields = useFieldColumns(list, "inventory", { always: useCategoryFields(category) ?? [], searching: search.query !== "" });
  const filter = { sort, search: search.query || undefined, location, category, field: fields.view };
  // The file holds what the table shows: its filters, search and order.
  const exportShown = async () => {
    setExporting(true);
    try {
      download(await inventoryCsv(client, inCurrent(filter), liveCustomFields), `inventory-${new Date().toISOString().slice(0, 10)}.csv`);
    } catch (e) {
      toast.error(errorMessage(e, "Could not export the inventory"));
    } finally {
      setExporting(false);
    }
  };
  if (data === undefined) return <PageSpinner label="Loading inventory..." />;
  const filtered = location !== undefined || category !== undefined;
  // "" in the URL means "no location"; an absent param means every location.
  const choose = (name: string, value: string) => list.set({ [name]: value === ALL ? undefined : value === "" ? NONE : value });
  return (
    <div className="flex flex-col gap-6">
      <div className="grid grid-cols-2 gap-2 sm:grid-cols-3 sm:gap-3" aria-label="Totals">
        <Stat label={filtered ? "Items matching" : "Items"} value={formatNumber(data.totals.items)} />
        <Stat label="Quantity" value={formatNumber(data.totals.quantity)} />
        <Stat label="Value" value={formatTotals(data.totals.values.length === 0 ? [{ amount: 0, currency: current?.currency ?? DEFAULT_CURRENCY }] : data.totals.values)} wide />
      </div>
      <InsuranceReportPanel />
      <Card>
        <div className="grid gap-3 sm:grid-cols-[1fr_12rem_12rem_auto] sm:items-end">
          <Input label="Search" type="search" value={search.text} onChange={(e) => search.setText(e.target.value)} placeholder="Name, SKU, serial..." />
          <Select label="Location" value={location === undefined ? ALL : location} onChange={(e) => choose("location", e.target.value)}>
            <option value={ALL}>All locations</option>
            {data.locations.map((l) => <option key={l} value={l}>{l || "No location"}</option>)}
          </Select>
          <Select label="Category" value={category === undefined ? ALL : category} onChange={(e) => choose("category", e.target.value)}>
            <option value={ALL}>All categories</option>
            {data.categories.map((c) => <option key={c} value={c}>{c || "No category"}</option>)}
          </Select>
          <Button variant="outline" onClick={() => void exportShown()} loading={exporting} loadingText="Exporting..." disabled={data.totals.items === 0 && !filtered}>
            Export CSV
          </Button>
        </div>
        <div className="mt-3 flex justify-end empty:hidden">
          <FieldColumnsControl columns={fields} />
        </div>
        <div className="mt-5">
          <FieldViewNote columns={fields} />
          <InventoryTable
            filter={filter}
            total={data.totals.items}
            onSort={(s) => list.set({ sort: s === "newest" ? undefined : s })}
            fields={fields}
          />
        </div>
      </Card>
      <div className="grid gap-6 lg:grid-cols-2">
        <Card title="By location"><GroupTable groups={data.byLocation} empty="No location" /></Card>
        <Card title="By category"><GroupTable groups={data.byCategory} empty="No category" /></Card>
      </div>
    </div>
  );
}

/** /business-dashboard (business users): inventory totals, search, CSV export and import. */
export default function BusinessDashboardPage() {
  return (
    <section className="mx-auto w-full max-w-6xl px-4 py-8 sm:px-6 sm:py-12">
      <h1 className="mb-6 text-3xl font-bold tracking-tight text-slate-900 dark:text-white">Business inventory</h1>
      <p className="-mt-4 mb-6 text-sm"><Link to="/stickers" className="font-medium text-indigo-600 hover:underline dark:text-indigo-400">QR stickers: print codes now, claim them on items later</Link></p>
      <BusinessWorkspaceGate>
        <PresenceBar page={{ list: "inventory" }} className="-mt-2 mb-4" />
        <div className="flex flex-col gap-6">
          <QueryErrorBoundary fallback={() => <p role="alert">We could not load your inventory just now.</p>}>
            <Inventory />
          </QueryErrorBoundary>
          <Card title="Import from CSV" description="Check a file, see every problem, then import it all at once.">
            <ImportPanel />
          </Card>
        </div>
      </BusinessWorkspaceGate>
    </section>
  );
}
