import { tokens } from "./referralFormat";

function Stat({ label, value }: { label: string; value: string }) {
  return (
    <div className="rounded-2xl border border-slate-200 bg-white p-5 shadow-sm dark:border-slate-800 dark:bg-slate-900">
      <dt className="text-sm font-medium text-slate-500 dark:text-slate-400">{label}</dt>
      <dd className="mt-1 text-2xl font-bold tabular-nums text-slate-900 dark:text-white">{value}</dd>
    </div>
  );
}

export function ReferralStats({ referred, verified, earned }: { referred: number; verified: number; earned: number }) {
  return (
    <dl className="grid gap-4 sm:grid-cols-3">
      <Stat label="People joined" value={String(referred)} />
      <Stat label="Verified" value={String(verified)} />
      <Stat label="TMT earned" value={tokens(earned)} />
    </dl>
  );
}
