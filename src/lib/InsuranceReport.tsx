// The insurance report: started for the whole workspace here, or for a list's selection
// (AssetBulkActions); built by the server in the background, its progress shown live; then
// its CSV and its PDF (drawn in the browser, with thumbnails) to download.
import { useState } from "react";
import { toast } from "sonner";
import { api } from "../../convex/_generated/api";
import type { Id } from "../../convex/_generated/dataModel";
import { REPORT_MESSAGES } from "../../convex/lib/reports/rules";
import { Button } from "../ui";
import { datedName } from "./downloadFile";
import { errorMessage } from "./errors";
import { formatNumber, formatTotals } from "./format";
import { useWorkspace, useWorkspaceMutation, useWorkspaceQuery } from "./useWorkspace";

const STARTED = "Building the insurance report. It is ready to download below in a moment.";

/** Starts a report of the chosen items (all of the workspace without ids); says why when it cannot. */
export function useStartReport() {
  const start = useWorkspaceMutation(api.insuranceReports.start);
  return async (assetIds?: readonly string[]) => {
    try {
      await start({ assetIds: assetIds as Id<"assets">[] | undefined });
      toast.success(STARTED);
    } catch (e) {
      toast.error(errorMessage(e, REPORT_MESSAGES.failed));
    }
  };
}

/** The whole workspace's report button, and the latest report's progress or downloads. */
export function InsuranceReportPanel() {
  const report = useWorkspaceQuery(api.insuranceReports.latest, {});
  const { current } = useWorkspace();
  const startReport = useStartReport();
  const [drawn, setDrawn] = useState<number | null>(null);
  const running = report?.status === "running";
  const downloadPdf = async () => {
    if (report?.rowsUrl == null || report.totals === null) return;
    setDrawn(0);
    try {
      const { default: download } = await import("./reports/download");
      await download(report.rowsUrl, report.totals, current?.name ?? "Workspace", datedName("insurance-report", "pdf"), setDrawn);
    } catch (e) {
      toast.error(errorMessage(e, REPORT_MESSAGES.failed));
    } finally {
      setDrawn(null);
    }
  };
  return (
    <section aria-label="Insurance report" className="flex flex-col gap-2 text-sm">
      <div className="flex flex-wrap items-center gap-2">
        <Button size="sm" variant="outline" onClick={() => void startReport()} loading={running} loadingText="Building report...">
          Insurance report
        </Button>
        {report?.status === "ready" && report.csvUrl !== null && (
          <>
            <Button size="sm" variant="outline" onClick={() => void downloadPdf()} loading={drawn !== null} loadingText={`Drawing PDF: ${formatNumber(drawn ?? 0)} of ${formatNumber(report.total)}`}>
              Download PDF
            </Button>
            <a href={report.csvUrl} download={datedName("insurance-report")} className="font-medium text-indigo-700 underline dark:text-indigo-300">Download CSV</a>
          </>
        )}
      </div>
      <p aria-live="polite" className="text-slate-600 dark:text-slate-400">
        {report === undefined || report === null
          ? "Every item with its value, photo, serials and attached files, totals per currency and per location: for your insurer."
          : report.status === "running"
            ? `Building the ${report.selection ? "selection's" : "workspace's"} report: ${formatNumber(report.processed)} of ${formatNumber(report.total)} items read.`
            : report.status === "failed"
              ? REPORT_MESSAGES.failed
              : `Report of ${report.selection ? "the selection" : "the workspace"} ready: ${formatNumber(report.totals?.items ?? 0)} items${report.totals !== null && report.totals.values.length > 0 ? `, ${formatTotals(report.totals.values)}` : ""}.`}
      </p>
    </section>
  );
}
