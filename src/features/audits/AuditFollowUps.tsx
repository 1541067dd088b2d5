import { useState } from "react";
import { useConvex } from "convex/react";
import { toast } from "sonner";
import { api } from "../../../convex/_generated/api";
import type { AuditAction, AuditView } from "../../../convex/lib/audits/tables";
import { can } from "../../../convex/lib/workspaces/rules";
import { errorMessage } from "../../lib/errors";
import { formatNumber } from "../../lib/format";
import { useSubmit } from "../../lib/useSubmit";
import { useWorkspace, useWorkspaceMutation } from "../../lib/useWorkspace";
import { Button, Card, ConfirmModal } from "../../ui";
import { missingOf } from "./AuditParts";
import { downloadReportCsv, fetchReportRows, reportFileName } from "./report";

const items = (n: number) => (n === 1 ? "1 item" : `${formatNumber(n)} items`);

function outcomeText(o: NonNullable<AuditView["markLost"]>, did: string) {
  const skipped = o.skipped > 0 ? ` (${formatNumber(o.skipped)} left as they were)` : "";
  return o.done ? `${items(o.changed)} ${did}${skipped}.` : `${items(o.changed)} ${did} so far...`;
}

/** A finished audit: its report (CSV, PDF), and the follow-ups finishing offers. */
export function AuditFollowUps({ audit }: { audit: AuditView }) {
  const { current, workspaceId } = useWorkspace();
  const client = useConvex();
  const resolve = useWorkspaceMutation(api.audits.resolve);
  const [confirm, setConfirm] = useState<AuditAction | null>(null);
  const [downloading, setDownloading] = useState<"csv" | "pdf" | null>(null);
  const acting = useSubmit({ fallback: "Could not do that.", show: "toast" });
  const mayEdit = can(current?.role, "edit");
  const missing = missingOf(audit);
  const strays = audit.moved + audit.unexpected;
  const place = audit.scope.kind === "location" ? audit.scope.path : null;

  async function download(kind: "csv" | "pdf") {
    if (workspaceId === null) return;
    setDownloading(kind);
    try {
      const rows = await fetchReportRows(client, workspaceId, audit._id);
      if (kind === "csv") downloadReportCsv(audit, rows);
      else await (await import("./reportPdf")).default(audit, rows, reportFileName(audit, "pdf"));
    } catch (error) {
      toast.error(errorMessage(error, "Could not make the report. Try again."));
    } finally {
      setDownloading(null);
    }
  }

  async function run(action: AuditAction) {
    const ok = await acting.run(async () => await resolve({ auditId: audit._id, action }));
    if (ok) toast.success(action === "markLost" ? "Marking the missing items lost" : `Moving the items into ${place}`);
    setConfirm(null);
  }

  return (
    <Card title="Report and follow-up">
      <div className="flex flex-wrap gap-2">
        <Button variant="outline" loading={downloading === "csv"} loadingText="Preparing CSV..." disabled={downloading !== null} onClick={() => void download("csv")}>Download CSV</Button>
        <Button variant="outline" loading={downloading === "pdf"} loadingText="Preparing PDF..." disabled={downloading !== null} onClick={() => void download("pdf")}>Download PDF</Button>
      </div>
      <div className="mt-4 flex flex-col gap-3 text-sm text-slate-700 dark:text-slate-300" aria-live="polite">
        {audit.markLost !== null ? (
          <p>{outcomeText(audit.markLost, "marked lost")}</p>
        ) : (
          missing > 0 && mayEdit && (
            <div className="flex flex-wrap items-center gap-2">
              <span>{items(missing)} not found.</span>
              <Button size="sm" variant="danger" onClick={() => setConfirm("markLost")}>Mark {items(missing)} lost</Button>
            </div>
          )
        )}
        {place !== null && (audit.moveIn !== null ? (
          <p>{outcomeText(audit.moveIn, `moved into ${place}`)}</p>
        ) : (
          strays > 0 && mayEdit && (
            <div className="flex flex-wrap items-center gap-2">
              <span>{items(strays)} found here but registered elsewhere or not on the list.</span>
              <Button size="sm" onClick={() => setConfirm("moveIn")}>Move {items(strays)} into {place}</Button>
            </div>
          )
        ))}
      </div>
      <ConfirmModal
        open={confirm !== null}
        onOpenChange={(open) => !open && setConfirm(null)}
        title={confirm === "markLost" ? "Mark the missing items lost?" : "Move the items here?"}
        description={
          confirm === "markLost"
            ? `${items(missing)} will be marked lost; each item's history says so. Items found again can be set back to active.`
            : `${items(strays)} will be moved into ${place}; each item's history says so.`
        }
        confirmLabel={confirm === "markLost" ? "Mark lost" : "Move them"}
        busy={acting.busy}
        busyLabel="Working..."
        onConfirm={() => confirm !== null && void run(confirm)}
      />
    </Card>
  );
}
