import { useState } from "react";
import { toast } from "sonner";
import { api } from "../../../convex/_generated/api";
import { errorMessage } from "../../lib/errors";
import { formatNumber, formatTmt } from "../../lib/format";
import { Button } from "../../ui";
import { ProgressBar } from "./ProgressBar";
import { useWorkspaceQuery, useWorkspaceMutation } from "../../lib/useWorkspace";

/** The latest import, live: rows written so far while it runs, cancel, and how it ended. */
export function ImportProgress() {
  const job = useWorkspaceQuery(api.imports.current, {});
  const cancel = useWorkspaceMutation(api.imports.cancel);
  const [cancelling, setCancelling] = useState(false);
  if (!job) return null;
  const stop = async () => {
    setCancelling(true);
    try {
      await cancel({ jobId: job._id });
    } catch (e) {
      toast.error(errorMessage(e, "Could not cancel the import"));
    } finally {
      setCancelling(false);
    }
  };
  const summary = `${formatNumber(job.creates)} new, ${formatNumber(job.updates)} updated, ${formatNumber(job.skipped)} skipped`;
  return (
    <section aria-label="Latest import" className="flex flex-col gap-2 rounded-xl border border-slate-200 p-4 text-sm dark:border-slate-800">
      <p className="truncate font-semibold">{job.fileName}</p>
      {job.status === "running" && (
        <>
          <ProgressBar label="Importing" fraction={job.done / Math.max(1, job.total)} detail={`${formatNumber(job.done)} of ${formatNumber(job.total)} rows`} />
          <p className="text-slate-600 dark:text-slate-400">{summary}. You can leave this page: the import carries on.</p>
          <div>
            <Button variant="outline" size="sm" onClick={() => void stop()} loading={cancelling} loadingText="Cancelling...">Cancel import</Button>
          </div>
        </>
      )}
      {job.status === "rolling_back" && <ProgressBar label="Undoing the import" fraction={1 - job.done / Math.max(1, job.total)} detail={`${formatNumber(job.done)} rows left to undo`} />}
      {job.status === "done" && (
        <p role="status" className="text-green-700 dark:text-green-400">Imported {formatNumber(job.total)} rows ({summary}) for {formatTmt(job.cost)}.</p>
      )}
      {(job.status === "failed" || job.status === "cancelled") && (
        <p role="status" className="text-amber-800 dark:text-amber-300">
          {job.error} {job.refunded !== null && job.refunded > 0 ? `Refunded ${formatTmt(job.refunded)}.` : ""}
        </p>
      )}
    </section>
  );
}
