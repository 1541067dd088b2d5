import { useMutation, useQuery } from "convex/react";
import { api } from "../../../convex/_generated/api";
import { EXPORT_TTL_DAYS } from "../../../convex/lib/privacy/rules";
import { formatLongDate } from "../../lib/format";
import { useSubmit } from "../../lib/useSubmit";
import { Button, Card, Spinner, buttonClasses } from "../../ui";

/** /settings#your-data: ask for a copy, watch it being prepared (live), download it while the link lasts. */
export function DownloadDataCard() {
  const latest = useQuery(api.dataExport.mine);
  const request = useMutation(api.dataExport.request);
  const cancel = useMutation(api.dataExport.cancel);
  const { busy, error, run } = useSubmit({ fallback: "Failed to start the export" });
  const stopping = useSubmit({ fallback: "Could not cancel. Please try again." });

  const ask = (label: string) => (
    <Button variant="outline" loading={busy} loadingText="Starting..." onClick={() => void run(() => request({}))}>
      {label}
    </Button>
  );

  return (
    <Card
      id="your-data"
      title="Download my data"
      description={`A ZIP of everything we hold about you, and the items, files and history of the workspaces you own. We also email you when it is ready; the link works for ${EXPORT_TTL_DAYS} days.`}
    >
      {latest === undefined ? (
        <Spinner label="Loading..." />
      ) : latest?.status === "building" ? (
        <div className="max-w-md space-y-2">
          <p className="text-sm text-slate-700 dark:text-slate-300">Preparing your data…</p>
          <progress className="w-full" aria-label="Export progress" max={latest.total} value={latest.done} />
          <Button variant="outline" loading={stopping.busy} loadingText="Cancelling..." onClick={() => void stopping.run(() => cancel({}))}>
            Cancel
          </Button>
          {stopping.error && <p role="alert" className="text-sm text-red-600 dark:text-red-400">{stopping.error}</p>}
        </div>
      ) : latest?.status === "ready" && latest.urls.length > 0 ? (
        <div className="flex flex-wrap items-center gap-3">
          {latest.urls.map((url, i, all) => (
            <a key={url} className={buttonClasses("primary")} href={url} download={`tagmything-data${all.length > 1 ? `-part${i + 1}` : ""}.zip`}>
              {all.length > 1 ? `Download part ${i + 1} of ${all.length}` : "Download ZIP"}
            </a>
          ))}
          {latest.expiresAt !== null && <span className="text-sm text-slate-600 dark:text-slate-400">Link works until {formatLongDate(latest.expiresAt)}.</span>}
          {ask("Prepare a new copy")}
        </div>
      ) : (
        <div className="space-y-2">
          {latest?.status === "failed" && <p role="alert" className="text-sm text-red-600 dark:text-red-400">The last export failed. Please try again.</p>}
          {latest?.status === "expired" && <p className="text-sm text-slate-600 dark:text-slate-400">Your last download link has expired.</p>}
          {latest?.status === "cancelled" && <p className="text-sm text-slate-600 dark:text-slate-400">You cancelled the last export.</p>}
          {ask("Download my data")}
        </div>
      )}
      {error && <p role="alert" className="mt-2 text-sm text-red-600 dark:text-red-400">{error}</p>}
    </Card>
  );
}
