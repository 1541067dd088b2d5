import { useState } from "react";
import { Link, useParams } from "react-router";
import { toast } from "sonner";
import { api } from "../../../convex/_generated/api";
import type { Id } from "../../../convex/_generated/dataModel";
import { AUDIT_STATE_LABELS, MAX_SCAN_TEXT } from "../../../convex/lib/audits/rules";
import type { AuditView, ScanResult } from "../../../convex/lib/audits/tables";
import { can } from "../../../convex/lib/workspaces/rules";
import { errorMessage } from "../../lib/errors";
import { formatDateTime, formatNumber, formatTime } from "../../lib/format";
import { useWorkspace, useWorkspaceMutation, useWorkspaceQuery } from "../../lib/useWorkspace";
import { Button, buttonClasses, Card, ConfirmModal, PageSpinner, QueryErrorBoundary } from "../../ui";
import { Scanner } from "../../ui/Scanner";
import { AuditFollowUps } from "./AuditFollowUps";
import { AuditItems } from "./AuditItems";
import { AuditStatusBadge, LoadFailed, missingOf } from "./AuditParts";
import { ScanForm } from "./ScanForm";

/** What a scan did, in words (read out by screen readers). */
function scanText(r: ScanResult): string {
  if (r.outcome === "found") return `Found: ${r.name}`;
  if (r.outcome === "already") return `Already counted${r.by === null ? "" : ` by ${r.by}`}: ${r.name}`;
  if (r.outcome === "moved") return `Moved: ${r.name} is registered at ${r.registeredAt}`;
  return `Unexpected: ${r.name} is not on this audit's list`;
}

function Counts({ audit }: { audit: AuditView }) {
  const cells = [
    ["Expected", audit.expected],
    ["Found", audit.found],
    ["Missing", missingOf(audit)],
    ["Moved", audit.moved],
    ["Unexpected", audit.unexpected],
  ] as const;
  return (
    <dl aria-label="Progress" className="grid grid-cols-3 gap-2 sm:grid-cols-5">
      {cells.map(([label, n]) => (
        <div key={label} className="rounded-xl border border-slate-200 bg-white p-3 text-center dark:border-slate-800 dark:bg-slate-900">
          <dt className="text-xs font-medium text-slate-600 dark:text-slate-400">{label}</dt>
          <dd className="text-2xl font-bold tabular-nums text-slate-900 dark:text-white">{formatNumber(n)}</dd>
        </div>
      ))}
    </dl>
  );
}

function AuditScreen({ auditId }: { auditId: string }) {
  const { current } = useWorkspace();
  const data = useWorkspaceQuery(api.audits.get, { auditId });
  const scan = useWorkspaceMutation(api.audits.scan);
  const tick = useWorkspaceMutation(api.audits.tick);
  const finish = useWorkspaceMutation(api.audits.finish);
  const cancel = useWorkspaceMutation(api.audits.cancel);
  const [last, setLast] = useState<{ text: string; ok: boolean } | null>(null);
  const [ending, setEnding] = useState<"finish" | "cancel" | null>(null);
  const [busy, setBusy] = useState(false);
  if (data === undefined) return <PageSpinner label="Loading audit..." />;
  if (data === null) {
    return (
      <section className="mx-auto w-full max-w-3xl px-4 py-16 text-center">
        <h1 className="text-2xl font-bold text-slate-900 dark:text-white">Audit not found</h1>
        <p className="mt-2 text-slate-600 dark:text-slate-400">It may belong to a workspace you are not in.</p>
        <Link to="/audits" className={buttonClasses("primary", "md", "mt-6")}>All audits</Link>
      </section>
    );
  }
  const { audit, recent } = data;
  const mayAudit = can(current?.role, "audit");
  const open = audit.status === "open";

  async function record(run: () => Promise<ScanResult>): Promise<boolean> {
    try {
      const result = await run();
      setLast({ text: scanText(result), ok: result.outcome === "found" || result.outcome === "already" });
      return true;
    } catch (error) {
      setLast({ text: errorMessage(error, "Could not tick that. Try again."), ok: false });
      return false;
    }
  }
  const onCode = (code: string) => record(() => scan({ auditId: audit._id, code }));
  const onTick = (assetId: Id<"assets">) => void record(() => tick({ auditId: audit._id, assetId }));

  async function end(which: "finish" | "cancel") {
    setBusy(true);
    try {
      await (which === "finish" ? finish : cancel)({ auditId: audit._id });
      toast.success(which === "finish" ? "Audit finished" : "Audit cancelled");
      setEnding(null);
    } catch (error) {
      toast.error(errorMessage(error, "Could not do that. Try again."));
    } finally {
      setBusy(false);
    }
  }

  return (
    <section className="mx-auto w-full max-w-4xl px-4 py-8 sm:px-6 sm:py-12">
      <Link to="/audits" className="text-sm text-indigo-600 hover:underline dark:text-indigo-400">← Audits</Link>
      <div className="mt-4 flex flex-wrap items-center gap-3">
        <h1 className="break-words text-3xl font-bold tracking-tight text-slate-900 dark:text-white">{audit.name}</h1>
        <AuditStatusBadge status={audit.status} />
      </div>
      <p className="mt-1 text-sm text-slate-600 dark:text-slate-400">
        Started by {audit.startedBy}, {formatDateTime(audit.startedAt)}
        {audit.endedAt !== null && `; ended ${formatDateTime(audit.endedAt)}`}
        {audit.onLoan > 0 && `. ${formatNumber(audit.onLoan)} on loan, not expected.`}
      </p>
      <div className="mt-6 flex flex-col gap-6">
        <Counts audit={audit} />
        {audit.status === "preparing" && <p role="status" className="text-sm text-amber-800 dark:text-amber-200">Preparing the list of expected items ({formatNumber(audit.expected)} so far)...</p>}
        {open && mayAudit && (
          <Card>
            <ScanForm onCode={onCode} disabled={!open} />
            {/* The phone's camera ticks as the field does: scan after scan, each read once. */}
            <details className="mt-3">
              <summary className="cursor-pointer text-sm font-medium text-indigo-700 dark:text-indigo-300">Scan with the camera</summary>
              <div className="mt-3">
                <Scanner onCode={onCode} typed={false} maxLength={MAX_SCAN_TEXT} />
              </div>
            </details>
            <p role="status" aria-live="polite" className={`mt-3 min-h-5 text-sm font-medium ${last?.ok === false ? "text-red-700 dark:text-red-300" : "text-emerald-800 dark:text-emerald-200"}`}>
              {last?.text ?? ""}
            </p>
          </Card>
        )}
        {recent.length > 0 && (
          <section aria-labelledby="recent-heading">
            <h2 id="recent-heading" className="text-lg font-semibold text-slate-900 dark:text-white">Latest scans</h2>
            <ol className="mt-2 flex flex-col gap-1 text-sm text-slate-700 dark:text-slate-300">
              {recent.map((r) => (
                <li key={r._id}>
                  <span className="font-medium">{r.name}</span> · {AUDIT_STATE_LABELS[r.state]} · {r.foundBy} at {r.foundAt === null ? "" : formatTime(r.foundAt)}
                </li>
              ))}
            </ol>
          </section>
        )}
        {audit.status === "finished" && <AuditFollowUps audit={audit} />}
        <AuditItems audit={audit} onTick={open && mayAudit ? onTick : null} />
        {(open || audit.status === "preparing") && mayAudit && (
          <div className="flex flex-wrap gap-2 border-t border-slate-200 pt-4 dark:border-slate-800">
            {open && <Button onClick={() => setEnding("finish")}>Finish audit</Button>}
            <Button variant="outline" onClick={() => setEnding("cancel")}>Cancel audit</Button>
          </div>
        )}
      </div>
      <ConfirmModal
        open={ending !== null}
        onOpenChange={(o) => !o && setEnding(null)}
        title={ending === "finish" ? "Finish the audit?" : "Cancel the audit?"}
        description={
          ending === "finish"
            ? `${formatNumber(missingOf(audit))} expected items have not been found; they will be reported missing. Nobody can scan after this.`
            : "Its scans are discarded and nobody can scan any more."
        }
        confirmLabel={ending === "finish" ? "Finish audit" : "Cancel audit"}
        cancelLabel="Keep scanning"
        busy={busy}
        busyLabel="Working..."
        onConfirm={() => ending !== null && void end(ending)}
      />
    </section>
  );
}

/** /audits/:auditId: the live audit: counts, scanning, each result's list, and the report once finished. */
export default function AuditPage() {
  const { auditId = "" } = useParams();
  return (
    <QueryErrorBoundary fallback={(error, retry) => <LoadFailed error={error} retry={retry} what="the audit" />}>
      <AuditScreen auditId={auditId} />
    </QueryErrorBoundary>
  );
}
