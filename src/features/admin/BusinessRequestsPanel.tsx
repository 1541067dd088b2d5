import { useState } from "react";
import { useMutation, useQuery } from "convex/react";
import { toast } from "sonner";
import { api } from "../../../convex/_generated/api";
import type { Id } from "../../../convex/_generated/dataModel";
import { Button } from "../../ui";
import { errorMessage } from "../../lib/errors";
import { formatDateTime } from "../../lib/format";

export function BusinessRequestsPanel({ selfId }: { selfId: Id<"users"> | null }) {
  const requests = useQuery(api.businessRequests.list, {});
  const decide = useMutation(api.businessRequests.decide);
  const [busy, setBusy] = useState<string | null>(null);

  const act = async (requestId: Id<"businessRequests">, grant: boolean, who: string) => {
    setBusy(requestId);
    try {
      await decide({ requestId, grant });
      toast.success(grant ? `Business features granted to ${who}` : `Request from ${who} declined`);
    } catch (e) {
      toast.error(errorMessage(e, "Failed to decide the request"));
    } finally {
      setBusy(null);
    }
  };

  return (
    <section aria-labelledby="requests-heading" className="rounded-2xl border border-slate-200 bg-white p-4 dark:border-slate-800 dark:bg-slate-900">
      <h2 id="requests-heading" className="text-lg font-semibold text-slate-900 dark:text-white">
        Business upgrade requests
      </h2>
      {requests === undefined ? (
        <p className="mt-3 text-sm text-slate-500">Loading…</p>
      ) : requests.pending.length === 0 ? (
        <p className="mt-3 text-sm text-slate-600 dark:text-slate-400">No requests waiting.</p>
      ) : (
        <ul aria-label="Pending requests" className="mt-3 flex flex-col gap-3">
          {requests.pending.map((r) => {
            const who = r.email ?? r.fullName ?? "a member";
            return (
              <li key={r._id} aria-label={`Request from ${who}`} className="rounded-xl border border-slate-200 p-3 dark:border-slate-700">
                <p className="break-words font-medium text-slate-900 dark:text-white">{who}</p>
                <p className="text-xs text-slate-500 dark:text-slate-400">Asked {formatDateTime(r.createdAt)}</p>
                {r.note && <p className="mt-2 break-words text-sm text-slate-700 dark:text-slate-300">{r.note}</p>}
                <div className="mt-3 flex gap-2">
                  <Button
                    size="sm"
                    disabled={busy !== null || r.userId === selfId}
                    loading={busy === r._id}
                    onClick={() => void act(r._id, true, who)}
                  >
                    Grant
                  </Button>
                  <Button
                    size="sm"
                    variant="outline"
                    disabled={busy !== null || r.userId === selfId}
                    onClick={() => void act(r._id, false, who)}
                  >
                    Decline
                  </Button>
                </div>
              </li>
            );
          })}
        </ul>
      )}
      {requests !== undefined && requests.decided.length > 0 && (
        <details className="mt-4 text-sm">
          <summary className="cursor-pointer text-slate-600 dark:text-slate-400">Recently decided</summary>
          <ul className="mt-2 flex flex-col gap-1">
            {requests.decided.map((r) => (
              <li key={r._id} className="flex justify-between gap-2 text-slate-700 dark:text-slate-300">
                <span className="truncate">{r.email ?? r.fullName}</span>
                <span className={r.status === "granted" ? "text-emerald-600" : "text-slate-500"}>
                  {r.status === "granted" ? "Granted" : "Declined"}
                </span>
              </li>
            ))}
          </ul>
        </details>
      )}
    </section>
  );
}
