import { useQuery } from "convex/react";
import { api } from "../../../convex/_generated/api";
import type { Id } from "../../../convex/_generated/dataModel";
import { CONSOLE_BUFFER_SIZE, STATUS_LABELS } from "../../../convex/lib/bugReports/rules";
import { Spinner } from "../../ui";
import { ConsolePanel, ContextPanel, PanelHeading } from "./ReportPanels";
import { StatusActions } from "./StatusActions";
import { StatusBadge } from "./StatusBadge";
import { formatDateTime } from "../../lib/format";

/** One report, live: screenshot, description, triage, context, console and history. */
export function ReportDetail({ id }: { id: Id<"bugReports"> }) {
  const report = useQuery(api.bugReports.get, { id });
  if (report === undefined) return <Spinner label="Loading report..." />;
  if (report === null) return <p className="text-sm text-slate-600 dark:text-slate-400">This report no longer exists.</p>;
  const { reporter } = report;
  return (
    <div className="flex flex-col gap-5">
      <div className="flex flex-wrap items-center gap-2">
        <StatusBadge status={report.status} />
        <span className="text-sm text-slate-500 dark:text-slate-400">Reported {formatDateTime(report._creationTime)}</span>
      </div>
      <p className="whitespace-pre-wrap break-words text-sm text-slate-900 dark:text-slate-100">{report.description}</p>
      <StatusActions key={report.status} id={report._id} status={report.status} />
      {report.screenshotUrl ? (
        <a href={report.screenshotUrl} target="_blank" rel="noreferrer" className="block" title="Open the full screenshot">
          <img src={report.screenshotUrl} alt="Screenshot sent with the report" className="max-h-[28rem] w-full rounded-lg border border-slate-200 object-contain object-top dark:border-slate-700" />
        </a>
      ) : (
        <p className="text-sm text-slate-500">Screenshot unavailable.</p>
      )}
      <ContextPanel
        rows={[
          ["Reporter", `${reporter.name ?? "—"}${reporter.email ? ` (${reporter.email})` : ""}`],
          ["Role", reporter.role],
          ["Page URL", <span className="font-mono text-xs">{report.pageUrl || "—"}</span>],
          ["User agent", <span className="text-xs">{report.userAgent || "—"}</span>],
          ["Viewport", `${report.viewport.width} × ${report.viewport.height}`],
          ["Browser time", report.clientTimestamp || "—"],
        ]}
      />
      <ConsolePanel entries={report.consoleLogs} limit={CONSOLE_BUFFER_SIZE} />
      <section aria-label="History">
        <PanelHeading>History</PanelHeading>
        <ol className="mt-2 flex flex-col gap-2 text-sm">
          {[...report.history].reverse().map((h, i) => (
            <li key={i} className="rounded-lg bg-slate-50 p-2 dark:bg-slate-950">
              <span className="font-medium">{STATUS_LABELS[h.status]}</span>
              <span className="text-slate-500 dark:text-slate-400">
                {" "}
                by {h.by.name ?? h.by.email ?? "someone"} · {formatDateTime(h.at)}
              </span>
              {h.note && <p className="mt-1 whitespace-pre-wrap text-slate-700 dark:text-slate-300">{h.note}</p>}
            </li>
          ))}
        </ol>
      </section>
    </div>
  );
}
