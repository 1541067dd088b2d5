import { Link } from "react-router";
import { KIND_LABELS, STATUS_LABELS } from "../../../convex/lib/assets/rules";
import type { DashboardCounts } from "../../../convex/lib/verify/tables";
import { cn } from "../../ui";
import { DASHBOARD_TEXT } from "./dashboardText";
import { formatAmount, formatNumber, formatTmt } from "../../lib/format";
import type { Money } from "../../../convex/lib/money/currency";


const STATUS_TONES = {
  active: "text-emerald-700 dark:text-emerald-400",
  lost: "text-amber-700 dark:text-amber-400",
  stolen: "text-red-700 dark:text-red-400",
  transferred: "text-slate-700 dark:text-slate-300",
} as const;

/** Count tiles, each a link to the asset list filtered to what it counts (`/assets?status=lost`). */
function Tiles<K extends string>({ title, filter, entries, tone }: { title: string; filter: "kind" | "status"; entries: [K, string, number][]; tone?: (k: K) => string }) {
  return (
    <section aria-label={title} className="rounded-2xl border border-slate-200 bg-white p-5 shadow-sm dark:border-slate-800 dark:bg-slate-900">
      <h2 className="text-sm font-semibold uppercase tracking-wide text-slate-500 dark:text-slate-400">{title}</h2>
      <ul className="mt-3 grid grid-cols-2 gap-3">
        {entries.map(([key, label, n]) => (
          <li key={key}>
            <Link
              to={`/assets?${new URLSearchParams({ [filter]: key })}`}
              className="block rounded-xl bg-slate-50 px-3 py-2 hover:bg-indigo-50 focus-visible:outline-2 focus-visible:outline-indigo-500 dark:bg-slate-800/60 dark:hover:bg-indigo-950/50"
            >
              <span className="block text-xs font-medium text-slate-600 dark:text-slate-400">{label}</span>
              <span className={cn("block text-2xl font-bold tabular-nums text-slate-900 dark:text-white", tone?.(key))}>
                <span className="sr-only">: </span>
                {formatNumber(n)}
              </span>
            </Link>
          </li>
        ))}
      </ul>
    </section>
  );
}

type Worth = { values: Money[] };

/** What the items are worth, one figure per currency (never converted or summed across). */
function WorthTile({ worth }: { worth: Worth | null | undefined }) {
  return (
    <section aria-label={DASHBOARD_TEXT.worth} className="rounded-2xl border border-slate-200 bg-white p-5 shadow-sm dark:border-slate-800 dark:bg-slate-900">
      <h2 className="text-sm font-medium text-slate-600 dark:text-slate-400">{DASHBOARD_TEXT.worth}</h2>
      {worth === undefined || worth === null ? (
        <p className="mt-1 text-3xl font-bold text-slate-400">…</p>
      ) : worth.values.length === 0 ? (
        <p className="mt-1 text-sm text-slate-600 dark:text-slate-400">{DASHBOARD_TEXT.worthNone}</p>
      ) : (
        <ul className="mt-1 flex flex-col">
          {worth.values.map((m) => <li key={m.currency} className="break-words text-2xl font-bold tabular-nums text-slate-900 dark:text-white">{formatAmount(m)}</li>)}
        </ul>
      )}
      <p className="mt-2 text-xs text-slate-500 dark:text-slate-400">{DASHBOARD_TEXT.worthScope}</p>
    </section>
  );
}

export function CountsPanel({ counts, balance, worth }: { counts: DashboardCounts; balance: number | null | undefined; worth: Worth | null | undefined }) {
  return (
    <div className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
      <div className="grid gap-4 sm:col-span-2 sm:grid-cols-2 lg:col-span-1 lg:grid-cols-1">
        <Link
          to="/wallet"
          className="rounded-2xl bg-gradient-to-br from-indigo-600 to-violet-600 p-5 text-white shadow-sm hover:from-indigo-500"
        >
          <p className="text-sm font-medium text-indigo-100">{DASHBOARD_TEXT.balance}</p>
          <p className="mt-1 text-3xl font-bold tabular-nums" data-testid="dashboard-balance">
            {balance === undefined || balance === null ? "…" : formatTmt(balance)}
          </p>
        </Link>
        <Link
          to="/assets"
          className="rounded-2xl border border-slate-200 bg-white p-5 shadow-sm hover:border-indigo-300 dark:border-slate-800 dark:bg-slate-900"
        >
          <p className="text-sm font-medium text-slate-600 dark:text-slate-400">{DASHBOARD_TEXT.assets}</p>
          <p className="mt-1 text-3xl font-bold tabular-nums text-slate-900 dark:text-white" data-testid="dashboard-total">
            {formatNumber(counts.total)}
          </p>
        </Link>
        <WorthTile worth={worth} />
      </div>
      <Tiles
        title={DASHBOARD_TEXT.byKind}
        filter="kind"
        entries={(Object.keys(KIND_LABELS) as (keyof typeof KIND_LABELS)[]).map((k) => [k, KIND_LABELS[k], counts.byKind[k]])}
      />
      <Tiles
        title={DASHBOARD_TEXT.byStatus}
        filter="status"
        entries={(Object.keys(STATUS_LABELS) as (keyof typeof STATUS_LABELS)[]).map((k) => [k, STATUS_LABELS[k], counts.byStatus[k]])}
        tone={(k) => STATUS_TONES[k]}
      />
    </div>
  );
}
