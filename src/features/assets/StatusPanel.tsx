import { useState } from "react";
import { toast } from "sonner";
import { api } from "../../../convex/_generated/api";
import type { AssetDetail } from "../../../convex/lib/assets/read";
import { STATUS_LABELS } from "../../../convex/lib/assets/rules";
import type { AssetStatus } from "../../../convex/lib/assets/tables";
import type { StolenDetails, StolenReportView } from "../../../convex/lib/verify/stolenRules";
import { Button } from "../../ui";
import { errorMessage } from "../../lib/errors";
import { formatLongDate } from "../../lib/format";
import { AssetStatusBadge } from "../../lib/AssetStatusBadge";
import { useMayEdit, useWorkspaceMutation, useWorkspaceQuery } from "../../lib/useWorkspace";
import { StolenDialog } from "./StolenDialog";

const ACTIONS: Record<AssetStatus, { to: AssetStatus; label: string; variant: "primary" | "outline" | "danger" }[]> = {
  active: [
    { to: "lost", label: "Mark as lost", variant: "outline" },
    { to: "stolen", label: "Mark as stolen", variant: "danger" },
  ],
  lost: [
    { to: "active", label: "Found it: mark active", variant: "primary" },
    { to: "stolen", label: "Mark as stolen", variant: "danger" },
  ],
  stolen: [
    { to: "active", label: "Recovered: mark active", variant: "primary" },
    { to: "lost", label: "Mark as lost", variant: "outline" },
  ],
  transferred: [{ to: "active", label: "Mark active", variant: "primary" }],
};

/** The report's details as the owner reads them, or what is missing when it was marked stolen in bulk. */
function StolenReportLines({ report }: { report: StolenReportView }) {
  return (
    <dl data-testid="stolen-report" className="grid grid-cols-[auto_1fr] gap-x-3 gap-y-1 rounded-xl bg-red-50 p-3 text-sm text-red-950 dark:bg-red-950/50 dark:text-red-100">
      <dt className="font-medium">Reported</dt>
      <dd>{formatLongDate(report.reportedAt)}</dd>
      {report.stolenAt !== null && (
        <>
          <dt className="font-medium">Stolen on</dt>
          <dd>{formatLongDate(report.stolenAt)}</dd>
        </>
      )}
      {report.place !== null && (
        <>
          <dt className="font-medium">Where</dt>
          <dd className="break-words">{report.place}</dd>
        </>
      )}
      <dt className="font-medium">Police report</dt>
      <dd className="break-all">{report.policeReport ?? "None given"}</dd>
    </dl>
  );
}

/** Back to what it was: the same report again for a stolen asset. */
function detailsOf(report: StolenReportView | null | undefined): StolenDetails | undefined {
  if (!report || report.stolenAt === null || report.place === null) return undefined;
  return { stolenAt: report.stolenAt, place: report.place, ...(report.policeReport === null ? {} : { policeReport: report.policeReport }) };
}

/**
 * The asset's status and its one-click changes: stolen asks to confirm (with when, where and the
 * police report); found again is immediate, with Undo in its toast.
 */
export function StatusPanel({ asset }: { asset: AssetDetail }) {
  const setStatus = useWorkspaceMutation(api.assets.setStatus);
  const mayEdit = useMayEdit();
  const report = useWorkspaceQuery(api.assets.stolenReport, { assetId: asset._id });
  const [busy, setBusy] = useState<AssetStatus | null>(null);
  const [askStolen, setAskStolen] = useState(false);

  async function change(to: AssetStatus, stolen?: StolenDetails): Promise<boolean> {
    const from = asset.status;
    const before = from === "stolen" ? detailsOf(report) : undefined;
    setBusy(to);
    try {
      await setStatus({ assetId: asset._id, status: to, ...(stolen ? { stolen } : {}) });
      const found = to === "active" && (from === "lost" || from === "stolen");
      toast.success(`Status changed to ${STATUS_LABELS[to]}`, found ? { action: { label: "Undo", onClick: () => void undo(from, before) } } : undefined);
      return true;
    } catch (error) {
      toast.error(errorMessage(error, "Could not change the status."));
      return false;
    } finally {
      setBusy(null);
    }
  }

  async function undo(to: AssetStatus, stolen?: StolenDetails) {
    try {
      await setStatus({ assetId: asset._id, status: to, ...(stolen ? { stolen } : {}) });
      toast.success(`Status changed back to ${STATUS_LABELS[to]}`);
    } catch (error) {
      toast.error(errorMessage(error, "Could not change the status."));
    }
  }

  return (
    <section aria-labelledby="status-title" className="flex flex-col gap-3">
      <div className="flex items-center gap-2">
        <h2 id="status-title" className="font-semibold text-slate-900 dark:text-white">Status</h2>
        <AssetStatusBadge status={asset.status} />
      </div>
      {(asset.status === "lost" || asset.status === "stolen") && (
        <p className="text-sm text-slate-600 dark:text-slate-400">
          Anyone who checks this serial sees that it is {asset.status}, and you are alerted when they do.
        </p>
      )}
      {asset.status === "stolen" && report && <StolenReportLines report={report} />}
      {mayEdit && (
        <div className="flex flex-wrap gap-2">
          {ACTIONS[asset.status].map((a) => (
            <Button
              key={a.to}
              size="sm"
              variant={a.variant}
              loading={busy === a.to && !askStolen}
              disabled={busy !== null}
              onClick={() => (a.to === "stolen" ? setAskStolen(true) : void change(a.to))}
            >
              {a.label}
            </Button>
          ))}
        </div>
      )}
      {askStolen && (
        <StolenDialog
          open
          onOpenChange={setAskStolen}
          busy={busy === "stolen"}
          onConfirm={(details) => void change("stolen", details).then((done) => done && setAskStolen(false))}
        />
      )}
    </section>
  );
}
