import { useMutation, useQuery } from "convex/react";
import { useState } from "react";
import { toast } from "sonner";
import { api } from "../../../convex/_generated/api";
import type { Id } from "../../../convex/_generated/dataModel";
import { registeredBy } from "../../../convex/lib/workspaces/rules";
import { errorMessage } from "../../lib/errors";
import { formatDateTime } from "../../lib/format";
import { Button } from "../../ui";

/** /admin: businesses asking to publish a verified name on /verify; an admin checks, then approves or declines. */
export function VerifiedNamesPanel() {
  const pending = useQuery(api.verifiedNames.pending, {});
  const decide = useMutation(api.verifiedNames.decide);
  const [busy, setBusy] = useState<string | null>(null);

  const act = async (requestId: Id<"verifiedNameRequests">, approve: boolean, name: string) => {
    setBusy(requestId);
    try {
      await decide({ requestId, approve });
      toast.success(approve ? `“${name}” is now shown on /verify` : `“${name}” declined`);
    } catch (e) {
      toast.error(errorMessage(e, "Failed to decide the request"));
    } finally {
      setBusy(null);
    }
  };

  return (
    <section aria-labelledby="verified-names-heading" className="rounded-2xl border border-slate-200 bg-white p-4 dark:border-slate-800 dark:bg-slate-900">
      <h2 id="verified-names-heading" className="text-lg font-semibold text-slate-900 dark:text-white">Verified business names</h2>
      <p className="mt-1 text-xs text-slate-500 dark:text-slate-400">Check the business is registered under this name before approving.</p>
      {pending === undefined ? (
        <p className="mt-3 text-sm text-slate-500">Loading…</p>
      ) : pending.length === 0 ? (
        <p className="mt-3 text-sm text-slate-600 dark:text-slate-400">No names waiting.</p>
      ) : (
        <ul aria-label="Verified names waiting" className="mt-3 flex flex-col gap-3">
          {pending.map((r) => (
            <li key={r._id} aria-label={`Verified name ${r.name}`} className="rounded-xl border border-slate-200 p-3 dark:border-slate-700">
              <p className="break-words font-medium text-slate-900 dark:text-white">{registeredBy(r.name)}</p>
              <p className="break-words text-xs text-slate-500 dark:text-slate-400">
                Workspace “{r.workspaceName}”, asked by {r.requestedBy}{r.requesterEmail !== null && ` (${r.requesterEmail})`} on {formatDateTime(r.createdAt)}
              </p>
              {r.isYou && <p className="mt-1 text-xs text-amber-700 dark:text-amber-400">You are a member of this workspace: another admin must decide.</p>}
              <div className="mt-3 flex gap-2">
                <Button size="sm" disabled={busy !== null || r.isYou} loading={busy === r._id} onClick={() => void act(r._id, true, r.name)}>
                  Approve
                </Button>
                <Button size="sm" variant="outline" disabled={busy !== null || r.isYou} onClick={() => void act(r._id, false, r.name)}>
                  Decline
                </Button>
              </div>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
