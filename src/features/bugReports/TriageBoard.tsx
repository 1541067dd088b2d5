import { useState } from "react";
import { usePaginatedQuery } from "convex/react";
import { api } from "../../../convex/_generated/api";
import type { Id } from "../../../convex/_generated/dataModel";
import { BUG_STATUSES, STATUS_LABELS, type BugStatus } from "../../../convex/lib/bugReports/rules";
import { Button, Modal, Spinner } from "../../ui";
import { pagePath } from "./bugReportFormat";
import { ReportDetail } from "./ReportDetail";
import { StatusBadge } from "./StatusBadge";
import { useNewReportToast } from "./useNewReportToast";
import { formatDateTime } from "../../lib/format";

const PAGE_SIZE = 20;

/** Live triage list (newest first) with a status filter and a detail view. */
export function TriageBoard({ notifyNew = false }: { notifyNew?: boolean }) {
  const [status, setStatus] = useState<BugStatus | null>(null);
  const [selected, setSelected] = useState<Id<"bugReports"> | null>(null);
  const { results, status: loadStatus, loadMore } = usePaginatedQuery(
    api.bugReports.list,
    status === null ? {} : { status },
    { initialNumItems: PAGE_SIZE },
  );
  const loaded = loadStatus !== "LoadingFirstPage";
  useNewReportToast(results, loaded && status === null, notifyNew);

  return (
    <div>
      <div className="flex flex-wrap gap-2" role="group" aria-label="Filter by status">
        {[null, ...BUG_STATUSES].map((s) => (
          <Button key={s ?? "all"} size="sm" variant={status === s ? "secondary" : "ghost"} aria-pressed={status === s} onClick={() => setStatus(s)}>
            {s === null ? "All" : STATUS_LABELS[s]}
          </Button>
        ))}
      </div>
      {!loaded ? (
        <div className="py-12">
          <Spinner label="Loading bug reports..." />
        </div>
      ) : results.length === 0 ? (
        <p className="mt-6 rounded-2xl border border-dashed border-slate-300 p-8 text-center text-sm text-slate-600 dark:border-slate-700 dark:text-slate-400">
          {status === null ? "No bug reports yet." : `No reports with status "${STATUS_LABELS[status]}".`}
        </p>
      ) : (
        <ul className="mt-4 flex flex-col gap-3" aria-label="Bug reports">
          {results.map((r) => (
            <li key={r._id}>
              <button
                type="button"
                onClick={() => setSelected(r._id)}
                className="flex w-full gap-3 rounded-2xl border border-slate-200 bg-white p-3 text-left shadow-sm transition hover:border-indigo-300 focus-visible:outline-2 focus-visible:outline-indigo-500 sm:gap-4 sm:p-4 dark:border-slate-800 dark:bg-slate-900 dark:hover:border-indigo-700"
              >
                {r.screenshotUrl && (
                  <img src={r.screenshotUrl} alt="Report screenshot" className="h-16 w-24 shrink-0 rounded-md border border-slate-200 object-cover object-top sm:h-20 sm:w-32 dark:border-slate-700" />
                )}
                <span className="flex min-w-0 flex-1 flex-col gap-1">
                  <span className="flex items-start justify-between gap-2">
                    <span className="line-clamp-2 break-words text-sm font-medium text-slate-900 dark:text-white">{r.description}</span>
                    <StatusBadge status={r.status} />
                  </span>
                  <span className="truncate text-xs text-slate-500 dark:text-slate-400">
                    {r.reporter.name ?? r.reporter.email ?? "Unknown user"} · {pagePath(r.pageUrl)}
                  </span>
                  <span className="text-xs text-slate-500 dark:text-slate-400">{formatDateTime(r._creationTime)}</span>
                </span>
              </button>
            </li>
          ))}
        </ul>
      )}
      {loadStatus === "CanLoadMore" && (
        <div className="mt-4 flex justify-center">
          <Button variant="outline" onClick={() => loadMore(PAGE_SIZE)}>
            Load more
          </Button>
        </div>
      )}
      {loadStatus === "LoadingMore" && <Spinner label="Loading more..." className="mt-4" />}
      <Modal open={selected !== null} onOpenChange={(open) => !open && setSelected(null)} title="Bug report" size="xl">
        {selected !== null && <ReportDetail id={selected} />}
      </Modal>
    </div>
  );
}
