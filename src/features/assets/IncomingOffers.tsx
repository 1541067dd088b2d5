import { useMutation, useQuery } from "convex/react";
import { useState } from "react";
import { useNavigate } from "react-router";
import { toast } from "sonner";
import { api } from "../../../convex/_generated/api";
import type { Id } from "../../../convex/_generated/dataModel";
import { KIND_LABELS } from "../../../convex/lib/assets/rules";
import { Button } from "../../ui";
import { errorMessage } from "../../lib/errors";
import { formatDateTime } from "../../lib/format";
import { useWorkspaceMutation } from "../../lib/useWorkspace";

/** Transfer offers made to me, live; accept or decline. */
export function IncomingOffers() {
  const offers = useQuery(api.transfers.incoming, {});
  const accept = useWorkspaceMutation(api.transfers.accept);
  const decline = useMutation(api.transfers.decline);
  const [busy, setBusy] = useState<Id<"transfers"> | null>(null);
  const navigate = useNavigate();
  if (!offers || offers.length === 0) return null;

  async function answer(transferId: Id<"transfers">, yes: boolean) {
    setBusy(transferId);
    try {
      if (yes) {
        const assetId = await accept({ transferId });
        toast.success("Transfer accepted. The asset is now yours.");
        navigate(`/assets/${assetId}`);
      } else {
        await decline({ transferId });
        toast.success("Transfer declined");
      }
    } catch (error) {
      toast.error(errorMessage(error, "Could not answer the offer."));
    } finally {
      setBusy(null);
    }
  }

  return (
    <section aria-labelledby="incoming-title" className="mb-6 rounded-2xl border border-indigo-200 bg-indigo-50 p-4 dark:border-indigo-900 dark:bg-indigo-950/50">
      <h2 id="incoming-title" className="font-semibold text-indigo-900 dark:text-indigo-100">Incoming transfer offers</h2>
      <ul className="mt-3 flex flex-col gap-3">
        {offers.map((o) => (
          <li key={o._id} className="flex flex-col gap-3 rounded-xl bg-white p-3 sm:flex-row sm:items-center sm:justify-between dark:bg-slate-900">
            <div className="min-w-0 text-sm">
              <p className="font-semibold text-slate-900 dark:text-white">{o.assetName}</p>
              <p className="text-slate-600 dark:text-slate-400">
                {KIND_LABELS[o.kind]} · <span className="font-mono">{o.serial}</span> · from {o.fromName} · {formatDateTime(o.createdAt)}
              </p>
            </div>
            <div className="flex gap-2">
              <Button size="sm" loading={busy === o._id} onClick={() => answer(o._id, true)}>Accept</Button>
              <Button size="sm" variant="outline" disabled={busy === o._id} onClick={() => answer(o._id, false)}>Decline</Button>
            </div>
          </li>
        ))}
      </ul>
    </section>
  );
}
