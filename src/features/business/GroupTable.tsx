import type { Money } from "../../../convex/lib/money/currency";
import { formatNumber, formatTotals } from "../../lib/format";

type Group = { key: string; items: number; quantity: number; values: Money[] };

export function GroupTable({ groups, empty }: { groups: Group[]; empty: string }) {
  if (groups.length === 0) return <p className="text-sm text-slate-600 dark:text-slate-400">Nothing yet.</p>;
  return (
    <div className="overflow-x-auto">
      <table className="w-full text-left text-sm">
        <thead className="text-xs uppercase text-slate-500">
          <tr><th className="py-1 pr-3">Name</th><th className="pr-3 text-right">Items</th><th className="pr-3 text-right">Quantity</th><th className="text-right">Value</th></tr>
        </thead>
        <tbody>
          {groups.map((g) => (
            <tr key={g.key} className="border-t border-slate-200 dark:border-slate-800">
              <td className="py-1.5 pr-3">{g.key || <span className="text-slate-500">{empty}</span>}</td>
              <td className="pr-3 text-right tabular-nums">{formatNumber(g.items)}</td>
              <td className="pr-3 text-right tabular-nums">{formatNumber(g.quantity)}</td>
              <td className="text-right tabular-nums">{g.values.length === 0 ? "—" : formatTotals(g.values)}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
