import { usePaginatedQuery } from "convex/react";
import { api } from "../../../convex/_generated/api";
import { Button, Card, Spinner } from "../../ui";
import { pagePath } from "./bugReportFormat";
import { StatusBadge } from "./StatusBadge";
import { formatDateTime } from "../../lib/format";

const PAGE_SIZE = 5;

/** /profile: the signed-in user's own reports, each status change live. */
export function MyBugReports() {
  const { results, status, loadMore } = usePaginatedQuery(api.bugReports.mine, {}, { initialNumItems: PAGE_SIZE });
  return (
    <Card title="My bug reports" description="Reports you sent with the 'Report a Bug' button, and where each one stands.">
      {status === "LoadingFirstPage" ? (
        <Spinner label="Loading your reports..." />
      ) : results.length === 0 ? (
        <p className="text-sm text-slate-600 dark:text-slate-400">You have not reported any bugs yet.</p>
      ) : (
        <ul className="flex flex-col divide-y divide-slate-200 dark:divide-slate-800" aria-label="My bug reports">
          {results.map((r) => (
            <li key={r._id} className="flex flex-col gap-1 py-3 first:pt-0 last:pb-0">
              <div className="flex items-start justify-between gap-2">
                <p className="line-clamp-2 break-words text-sm font-medium text-slate-900 dark:text-white">{r.description}</p>
                <StatusBadge status={r.status} />
              </div>
              <p className="truncate text-xs text-slate-500 dark:text-slate-400">
                {formatDateTime(r._creationTime)} · {pagePath(r.pageUrl)}
                {r.updatedAt > r._creationTime + 1000 ? ` · updated ${formatDateTime(r.updatedAt)}` : ""}
              </p>
              {r.latestNote && (
                <p className="rounded-md bg-slate-50 px-2 py-1 text-xs text-slate-700 dark:bg-slate-950 dark:text-slate-300">
                  <span className="font-semibold">Update from the team:</span> {r.latestNote}
                </p>
              )}
            </li>
          ))}
        </ul>
      )}
      {status === "CanLoadMore" && (
        <Button size="sm" variant="outline" className="mt-3" onClick={() => loadMore(PAGE_SIZE)}>
          Show more
        </Button>
      )}
    </Card>
  );
}
