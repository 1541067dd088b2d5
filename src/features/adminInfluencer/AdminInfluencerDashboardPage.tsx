import { useQuery } from "convex/react";
import { api } from "../../../convex/_generated/api";
import { TOKEN_SYMBOL } from "../../../convex/lib/constants";
import type { ReferralStats } from "../../../convex/lib/referrals/shapes";
import { Button, PageSpinner, QueryErrorBoundary } from "../../ui";
import { Leaderboard } from "./Leaderboard";
import { SignupsChart } from "./SignupsChart";
import { formatNumber } from "../../lib/format";

const DASHBOARD_TEXT = {
  title: "Admin Dashboard",
  loading: "Loading dashboard...",
  loadFailed: "Failed to load the referral dashboard",
} as const;

function Totals({ stats }: { stats: ReferralStats }) {
  const items = [
    ["Referrers", stats.referrers],
    ["People referred", stats.referred],
    ["Verified", stats.verified],
    [`${TOKEN_SYMBOL} paid out`, stats.earned],
  ] as const;
  return (
    <dl className="grid grid-cols-2 gap-4 lg:grid-cols-4">
      {items.map(([label, value]) => (
        <div key={label} className="rounded-2xl border border-slate-200 bg-white p-5 shadow-sm dark:border-slate-800 dark:bg-slate-900">
          <dt className="text-sm font-medium text-slate-500 dark:text-slate-400">{label}</dt>
          <dd className="mt-1 text-2xl font-bold tabular-nums text-slate-900 dark:text-white">{formatNumber(value)}</dd>
        </div>
      ))}
    </dl>
  );
}

function LiveDashboard() {
  const stats = useQuery(api.referrals.stats, {});
  if (stats === undefined) return <PageSpinner label={DASHBOARD_TEXT.loading} />;
  return (
    <div className="flex flex-col gap-6">
      <Totals stats={stats} />
      <SignupsChart days={stats.days} />
      <Leaderboard />
    </div>
  );
}

/** /admin-influencer-dashboard: the referral programme at a glance (admins and admin-influencers). */
export default function AdminInfluencerDashboardPage() {
  return (
    <section className="mx-auto w-full max-w-6xl px-4 py-8 sm:px-6 sm:py-12">
      <h1 className="text-3xl font-bold tracking-tight text-slate-900 dark:text-white">{DASHBOARD_TEXT.title}</h1>
      <p className="mb-6 mt-2 text-slate-600 dark:text-slate-300">Referral programme: who brings people in, and how many join each day.</p>
      <QueryErrorBoundary
        fallback={(_error, retry) => (
          <div role="alert" className="rounded-2xl border border-red-200 bg-red-50 p-6 text-center dark:border-red-900 dark:bg-red-950/40">
            <p className="font-medium text-red-800 dark:text-red-200">{DASHBOARD_TEXT.loadFailed}</p>
            <Button variant="outline" size="sm" className="mt-4" onClick={retry}>
              Retry
            </Button>
          </div>
        )}
      >
        <LiveDashboard />
      </QueryErrorBoundary>
    </section>
  );
}
