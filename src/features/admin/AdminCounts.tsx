import { useQuery } from "convex/react";
import { api } from "../../../convex/_generated/api";
import { formatNumber } from "../../lib/format";

const LABELS = [
  ["users", "Users"],
  ["assets", "Assets"],
  ["bugReports", "Bug reports"],
  ["articles", "Articles"],
  ["pendingRequests", "Business requests"],
] as const;

export function AdminCounts() {
  const counts = useQuery(api.adminPanel.counts, {});
  return (
    <dl className="grid grid-cols-2 gap-3 sm:grid-cols-3 lg:grid-cols-5">
      {LABELS.map(([key, label]) => (
        <div key={key} className="rounded-2xl border border-slate-200 bg-white p-4 dark:border-slate-800 dark:bg-slate-900">
          <dt className="text-sm text-slate-600 dark:text-slate-400">{label}</dt>
          <dd data-testid={`count-${key}`} className="mt-1 text-2xl font-bold tabular-nums text-slate-900 dark:text-white">
            {counts === undefined ? "…" : formatNumber(counts[key])}
          </dd>
        </div>
      ))}
    </dl>
  );
}
