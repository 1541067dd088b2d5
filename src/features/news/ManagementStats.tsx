import { useQuery } from "convex/react";
import { api } from "../../../convex/_generated/api";
import { formatNumber } from "../../lib/format";

function StatCard({ label, value, tone }: { label: string; value: string; tone: string }) {
  return (
    <div className="rounded-2xl border border-slate-200 bg-white p-3 shadow-sm sm:p-5 dark:border-slate-800 dark:bg-slate-900">
      <p className="text-xs font-medium text-slate-600 sm:text-sm dark:text-slate-400">{label}</p>
      <p className={`mt-1 text-2xl font-bold sm:text-3xl ${tone}`}>{value}</p>
    </div>
  );
}

/** Published, Drafts, Total Articles (live). */
export function ManagementStats() {
  const stats = useQuery(api.news.stats, {});
  const show = (n: number | undefined) => (n === undefined ? "–" : formatNumber(n));
  const total = stats === undefined ? undefined : stats.published + stats.drafts;
  return (
    <div className="mt-6 grid grid-cols-3 gap-3 sm:gap-4">
      <StatCard label="Published" value={show(stats?.published)} tone="text-emerald-600 dark:text-emerald-400" />
      <StatCard label="Drafts" value={show(stats?.drafts)} tone="text-amber-600 dark:text-amber-400" />
      <StatCard
        label="Total Articles"
        value={show(total)}
        tone="text-indigo-600 dark:text-indigo-400"
      />
    </div>
  );
}
