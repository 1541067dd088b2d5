import { usePaginatedQuery } from "convex/react";
import { api } from "../../../convex/_generated/api";
import { Button } from "../../ui";
import { FIELD_LABELS, formatValue } from "./adminFormat";
import { formatDateTime } from "../../lib/format";

const PAGE = 10;

export function AuditLogPanel() {
  const { results, status, loadMore } = usePaginatedQuery(api.adminPanel.auditLog, {}, { initialNumItems: PAGE });
  return (
    <section aria-labelledby="audit-heading" className="rounded-2xl border border-slate-200 bg-white p-4 dark:border-slate-800 dark:bg-slate-900">
      <h2 id="audit-heading" className="text-lg font-semibold text-slate-900 dark:text-white">
        Audit log
      </h2>
      {status !== "LoadingFirstPage" && results.length === 0 && (
        <p className="mt-3 text-sm text-slate-600 dark:text-slate-400">No access changes yet.</p>
      )}
      <ol aria-label="Audit log" className="mt-3 flex flex-col gap-3">
        {results.map((entry) => (
          <li key={entry._id} className="border-l-2 border-indigo-300 pl-3 text-sm dark:border-indigo-700">
            <p className="break-words text-slate-800 dark:text-slate-200">
              <span className="font-medium">{entry.actor ?? "Deleted user"}</span> changed{" "}
              <span className="font-medium">{entry.target ?? "a deleted user"}</span>
            </p>
            <ul className="text-slate-600 dark:text-slate-400">
              {entry.changes.map((c) => (
                <li key={c.field}>
                  {FIELD_LABELS[c.field] ?? c.field}: {formatValue(c.from)} → {formatValue(c.to)}
                </li>
              ))}
            </ul>
            <p className="text-xs text-slate-500">{formatDateTime(entry._creationTime)}</p>
          </li>
        ))}
      </ol>
      {(status === "CanLoadMore" || status === "LoadingMore") && (
        <Button variant="outline" size="sm" className="mt-3" loading={status === "LoadingMore"} onClick={() => loadMore(PAGE)}>
          Older entries
        </Button>
      )}
    </section>
  );
}
