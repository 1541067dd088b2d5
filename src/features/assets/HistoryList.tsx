import { api } from "../../../convex/_generated/api";
import type { Id } from "../../../convex/_generated/dataModel";
import { formatDateTime } from "../../lib/format";
import { useWorkspaceQuery } from "../../lib/useWorkspace";

/** Every change to the asset, newest first, with who and when. */
export function HistoryList({ assetId }: { assetId: Id<"assets"> }) {
  const events = useWorkspaceQuery(api.assets.history, { assetId });
  return (
    <section aria-labelledby="history-title" className="flex flex-col gap-3">
      <h2 id="history-title" className="font-semibold text-slate-900 dark:text-white">History</h2>
      {events === undefined ? (
        <p className="text-sm text-slate-500">Loading history...</p>
      ) : (
        <ol className="flex flex-col gap-3 border-l-2 border-slate-200 pl-4 dark:border-slate-800" aria-label="Asset history">
          {events.map((e) => (
            <li key={e._id} className="text-sm">
              <p className="font-medium text-slate-900 dark:text-white">{e.summary}</p>
              <p className="text-xs text-slate-500 dark:text-slate-400">{e.actorName} · {formatDateTime(e.at)}</p>
              {e.changes.length > 0 && (
                <ul className="mt-1 flex flex-col gap-0.5 text-xs text-slate-600 dark:text-slate-400">
                  {e.changes.map((c, i) => (
                    <li key={i}><span className="font-medium">{c.field}:</span> {c.from ?? "—"} → {c.to ?? "—"}</li>
                  ))}
                </ul>
              )}
            </li>
          ))}
        </ol>
      )}
    </section>
  );
}
