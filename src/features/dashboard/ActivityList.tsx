import { Link } from "react-router";
import type { ActivityItem, ActivityType } from "../../../convex/lib/verify/tables";
import { cn } from "../../ui";
import { DASHBOARD_TEXT } from "./dashboardText";
import { formatDateTime } from "../../lib/format";

const ICONS: Record<ActivityType, { label: string; tone: string }> = {
  tagged: { label: "Tag", tone: "bg-indigo-100 text-indigo-700 dark:bg-indigo-900 dark:text-indigo-200" },
  transferIn: { label: "In", tone: "bg-emerald-100 text-emerald-700 dark:bg-emerald-900 dark:text-emerald-200" },
  transferOut: { label: "Out", tone: "bg-slate-200 text-slate-700 dark:bg-slate-700 dark:text-slate-200" },
  transferOffer: { label: "Offer", tone: "bg-amber-100 text-amber-800 dark:bg-amber-900 dark:text-amber-100" },
  visit: { label: "View", tone: "bg-sky-100 text-sky-800 dark:bg-sky-900 dark:text-sky-100" },
  found: { label: "Found", tone: "bg-emerald-100 text-emerald-800 dark:bg-emerald-900 dark:text-emerald-100" },
  tokens: { label: "TMT", tone: "bg-violet-100 text-violet-800 dark:bg-violet-900 dark:text-violet-100" },
  reminder: { label: "Due", tone: "bg-amber-100 text-amber-800 dark:bg-amber-900 dark:text-amber-100" },
};

export function ActivityList({ items }: { items: ActivityItem[] }) {
  return (
    <section aria-labelledby="recent-activity" className="rounded-2xl border border-slate-200 bg-white p-5 shadow-sm dark:border-slate-800 dark:bg-slate-900">
      <h2 id="recent-activity" className="text-lg font-semibold text-slate-900 dark:text-white">
        {DASHBOARD_TEXT.activity}
      </h2>
      {items.length === 0 ? (
        <p className="mt-3 text-sm text-slate-600 dark:text-slate-400">{DASHBOARD_TEXT.activityEmpty}</p>
      ) : (
        <ol aria-label={DASHBOARD_TEXT.activity} className="mt-3 flex flex-col divide-y divide-slate-100 dark:divide-slate-800">
          {items.map((item) => {
            const icon = ICONS[item.type];
            const title = item.link ? (
              <Link to={item.link} className="font-medium text-slate-900 hover:text-indigo-700 hover:underline dark:text-slate-100 dark:hover:text-indigo-300">
                {item.title}
              </Link>
            ) : (
              <span className="font-medium text-slate-900 dark:text-slate-100">{item.title}</span>
            );
            return (
              <li key={`${item.type}-${item.id}`} className="flex items-start gap-3 py-2.5">
                <span className={cn("mt-0.5 w-12 shrink-0 rounded-md px-1.5 py-0.5 text-center text-xs font-bold", icon.tone)}>
                  {icon.label}
                </span>
                <div className="min-w-0 flex-1 text-sm">
                  <p className="break-words">{title}</p>
                  {item.detail && <p className="break-words text-slate-600 dark:text-slate-400">{item.detail}</p>}
                  <p className="text-xs text-slate-500 sm:hidden dark:text-slate-400">{formatDateTime(item.at)}</p>
                </div>
                <time
                  dateTime={new Date(item.at).toISOString()}
                  className="hidden shrink-0 text-xs text-slate-500 sm:block dark:text-slate-400"
                >
                  {formatDateTime(item.at)}
                </time>
              </li>
            );
          })}
        </ol>
      )}
    </section>
  );
}
