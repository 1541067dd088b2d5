import { formatTmt } from "../../lib/format";

function Stat({ label, value }: { label: string; value: string }) {
  return (
    <div className="rounded-2xl border border-slate-200 bg-white p-4 shadow-sm sm:p-5 dark:border-slate-800 dark:bg-slate-900">
      <dt className="text-xs font-medium text-slate-500 sm:text-sm dark:text-slate-400">{label}</dt>
      <dd className="mt-1 whitespace-nowrap text-lg font-bold tabular-nums text-slate-900 sm:text-2xl dark:text-white">{value}</dd>
    </div>
  );
}

export function ReferralStats({ referred, verified, earned }: { referred: number; verified: number; earned: number }) {
  return (
    <dl className="grid grid-cols-3 gap-3 sm:gap-4">
      <Stat label="People joined" value={String(referred)} />
      <Stat label="Verified" value={String(verified)} />
      <Stat label="TMT earned" value={formatTmt(earned)} />
    </dl>
  );
}
