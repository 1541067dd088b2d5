import { Link } from "react-router";
import { api } from "../../../convex/_generated/api";
import type { OwnerAlerts } from "../../../convex/lib/verify/tables";
import { Button, cn } from "../../ui";
import { DASHBOARD_TEXT, placeText } from "./dashboardText";
import { formatDateTime } from "../../lib/format";
import { useWorkspaceMutation } from "../../lib/useWorkspace";

const panel = "rounded-2xl border border-slate-200 bg-white p-5 shadow-sm dark:border-slate-800 dark:bg-slate-900";

function VisitAlerts({ data }: { data: OwnerAlerts }) {
  const markSeen = useWorkspaceMutation(api.dashboard.markAlertsSeen);
  return (
    <section aria-labelledby="verify-alerts" className={panel}>
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h2 id="verify-alerts" className="flex items-center gap-2 text-lg font-semibold text-slate-900 dark:text-white">
          {DASHBOARD_TEXT.alerts}
          {data.unseen > 0 && (
            <span data-testid="alerts-unseen" className="rounded-full bg-red-600 px-2 py-0.5 text-xs font-bold text-white">
              {data.unseen} new
            </span>
          )}
        </h2>
        {data.unseen > 0 && (
          <Button variant="ghost" size="sm" onClick={() => void markSeen({})}>
            {DASHBOARD_TEXT.markSeen}
          </Button>
        )}
      </div>
      {data.alerts.length === 0 ? (
        <p className="mt-3 text-sm text-slate-600 dark:text-slate-400">{DASHBOARD_TEXT.alertsEmpty}</p>
      ) : (
        <ul aria-label={DASHBOARD_TEXT.alerts} className="mt-3 flex max-h-96 flex-col divide-y divide-slate-100 overflow-y-auto dark:divide-slate-800">
          {data.alerts.map((a) => (
            <li key={a._id} className="flex gap-3 py-2.5">
              <span
                aria-hidden="true"
                className={cn("mt-1.5 h-2 w-2 shrink-0 rounded-full", a.seen ? "bg-slate-300 dark:bg-slate-600" : "bg-red-500")}
              />
              <div className="min-w-0 text-sm">
                <p className="text-slate-900 dark:text-slate-100">
                  {a.viewer === "member" ? "A signed-in member" : "A visitor"} viewed{" "}
                  {a.asset.serial ? (
                    <Link to={`/verify/${a.asset.serial}`} className="font-semibold text-indigo-700 hover:underline dark:text-indigo-300">
                      {a.asset.name}
                    </Link>
                  ) : (
                    <span className="font-semibold">{a.asset.name}</span>
                  )}
                </p>
                <p className="text-xs text-slate-500 dark:text-slate-400">
                  {formatDateTime(a.at)}
                  {placeText(a.place) ? ` · ${placeText(a.place)}` : ""}
                </p>
              </div>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

function FoundReports({ data }: { data: OwnerAlerts }) {
  return (
    <section aria-labelledby="found-reports" className={panel}>
      <h2 id="found-reports" className="text-lg font-semibold text-slate-900 dark:text-white">
        {DASHBOARD_TEXT.found}
      </h2>
      {data.found.length === 0 ? (
        <p className="mt-3 text-sm text-slate-600 dark:text-slate-400">{DASHBOARD_TEXT.foundEmpty}</p>
      ) : (
        <ul aria-label={DASHBOARD_TEXT.found} className="mt-3 flex max-h-96 flex-col gap-3 overflow-y-auto">
          {data.found.map((r) => (
            <li key={r._id} className="rounded-xl bg-emerald-50 p-3 text-sm dark:bg-emerald-950/50">
              <p className="font-semibold text-slate-900 dark:text-white">
                {r.asset.name} {r.asset.serial && <code className="font-mono text-xs font-normal">{r.asset.serial}</code>}
              </p>
              <p className="mt-1 whitespace-pre-wrap break-words text-slate-700 dark:text-slate-200">{r.message}</p>
              <p className="mt-1 text-xs text-slate-500 dark:text-slate-400">
                {formatDateTime(r.at)}
                {r.contact ? ` · Contact: ${r.contact}` : ""}
              </p>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

export function AlertsPanel({ data }: { data: OwnerAlerts }) {
  return (
    <div className="grid gap-4 md:grid-cols-2">
      <VisitAlerts data={data} />
      <FoundReports data={data} />
    </div>
  );
}
