function Figure({ label, value }: { label: string; value: string | undefined }) {
  return (
    <div className="rounded-2xl border border-slate-200 bg-white p-5 dark:border-slate-800 dark:bg-slate-900">
      <dt className="text-sm text-slate-600 dark:text-slate-400">{label}</dt>
      <dd className="mt-1 text-3xl font-bold tabular-nums text-slate-900 dark:text-white" aria-live="polite">
        {value === undefined ? <span className="text-slate-300 dark:text-slate-700">…</span> : value}
      </dd>
    </div>
  );
}

/** The landing page's two figures, formatted; undefined while they load. */
export function Figures({ stats }: { stats: { assets: string; verifications: string } | undefined }) {
  return (
    <dl className="grid grid-cols-2 gap-4">
      <Figure label="Assets tagged" value={stats?.assets} />
      <Figure label="Serial checks" value={stats?.verifications} />
    </dl>
  );
}
