import { useQuery } from "convex/react";
import { api } from "../../../convex/_generated/api";
import { PageSpinner } from "../../ui";
import { ActivityList } from "./ActivityList";
import { AlertsPanel } from "./AlertsPanel";
import { CountsPanel } from "./CountsPanel";
import { CustodyPanel } from "./CustodyPanel";
import { BookingsPanel } from "./BookingsPanel";
import { DASHBOARD_TEXT, greeting } from "./dashboardText";
import { LegacyPanel } from "./LegacyPanel";
import { OnboardingChecklist } from "./OnboardingChecklist";
import { Shortcuts } from "./Shortcuts";
import { UpcomingPanel } from "./UpcomingPanel";
import { useWorkspaceQuery } from "../../lib/useWorkspace";
import { useNow } from "../../lib/useNow";

/** /dashboard: every panel is a live query, so tags, alerts and tokens appear as they happen. */
export default function DashboardPage() {
  const me = useQuery(api.users.me, {});
  const counts = useWorkspaceQuery(api.dashboard.overview, {});
  const worth = useWorkspaceQuery(api.dashboard.worth, {});
  const balance = useQuery(api.wallet.balance, {});
  const alerts = useWorkspaceQuery(api.dashboard.alerts, {});
  const activity = useWorkspaceQuery(api.dashboard.activity, {});
  const now = useNow({ everyMs: 60_000 });
  const name = me?.fullName?.trim().split(/\s+/)[0] || undefined;
  const hello = me ? greeting(name, me.createdAt, now) : null;
  return (
    <section className="mx-auto flex w-full max-w-6xl flex-col gap-6 px-4 py-8 sm:px-6 sm:py-12">
      <div>
        <h1 className="text-3xl font-bold tracking-tight text-slate-900 dark:text-white">{DASHBOARD_TEXT.title}</h1>
        {hello && <p className="mt-1 text-slate-600 dark:text-slate-300">{hello}</p>}
      </div>
      <OnboardingChecklist />
      {counts === undefined || alerts === undefined || activity === undefined ? (
        <PageSpinner label={DASHBOARD_TEXT.loading} />
      ) : (
        <>
          {counts && <CountsPanel counts={counts} balance={balance} worth={worth} />}
          {alerts && <AlertsPanel data={alerts} />}
          <UpcomingPanel />
          <CustodyPanel />
          <BookingsPanel />
          <LegacyPanel />
          <div className="grid gap-4 lg:grid-cols-[minmax(0,1fr)_22rem]">
            <ActivityList items={activity ?? []} />
            <Shortcuts />
          </div>
        </>
      )}
    </section>
  );
}
