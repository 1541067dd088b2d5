import { Link } from "react-router";
import type { FunctionReturnType } from "convex/server";
import type { api } from "../../../convex/_generated/api";
import { formatMoney, formatNumber } from "../../lib/format";

type Item = FunctionReturnType<typeof api.business.inventory>["items"][number];

export function InventoryTable({ items, matching }: { items: Item[]; matching: number }) {
  if (items.length === 0) return <p className="text-sm text-slate-600 dark:text-slate-400">No business items match. Import a CSV or tag a business asset.</p>;
  return (
    <div className="flex flex-col gap-2">
      <div className="max-h-[36rem] overflow-auto rounded-lg border border-slate-200 dark:border-slate-800">
        <table className="w-full min-w-[40rem] text-left text-sm" aria-label="Inventory">
          <thead className="sticky top-0 bg-slate-50 text-xs uppercase text-slate-500 dark:bg-slate-800 dark:text-slate-400 [&_th]:py-2 [&_th:first-child]:pl-3">
            <tr>
              <th className="py-1 pr-3">Item</th><th className="pr-3">SKU</th><th className="pr-3 text-right">Qty</th>
              <th className="pr-3 text-right">Unit cost</th><th className="pr-3 text-right">Value</th><th className="pr-3">Location</th><th>Category</th>
            </tr>
          </thead>
          <tbody>
            {items.map((i) => (
              <tr key={i._id} className="border-t border-slate-200 dark:border-slate-800">
                <td className="py-1.5 pl-3 pr-3">
                  <Link to={`/assets/${i._id}`} className="font-medium text-indigo-700 hover:underline dark:text-indigo-300">{i.name}</Link>
                  <span className="block font-mono text-xs text-slate-500">{i.serial}</span>
                </td>
                <td className="pr-3 font-mono">{i.sku}</td>
                <td className="pr-3 text-right tabular-nums">{formatNumber(i.quantity)}</td>
                <td className="pr-3 text-right tabular-nums">{i.unitCost === null ? "—" : formatMoney(i.unitCost)}</td>
                <td className="pr-3 text-right tabular-nums">{i.value === null ? "—" : formatMoney(i.value)}</td>
                <td className="pr-3">{i.location ?? "—"}</td>
                <td>{i.category ?? "—"}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      {matching > items.length && <p className="text-xs text-slate-500">Showing {formatNumber(items.length)} of {formatNumber(matching)} items. Search or filter to narrow down.</p>}
    </div>
  );
}
