import { useAuthToken } from "@convex-dev/auth/react";
import { useMutation, useQuery } from "convex/react";
import { useId, useState } from "react";
import { api } from "../../../convex/_generated/api";
import type { Id } from "../../../convex/_generated/dataModel";
import { EXPORT_TTL_DAYS } from "../../../convex/lib/privacy/rules";
import { MAX_HTTP_PART_BYTES, MAX_IMPORT_PARTS } from "../../../convex/lib/ports/rules";
import { convexSiteUrl } from "../../lib/convexSiteUrl";
import { formatLongDate } from "../../lib/format";
import { useSubmit } from "../../lib/useSubmit";
import { Button, Spinner, buttonClasses } from "../../ui";
import type { CurrentWorkspace } from "./WorkspaceFrame";

const TEXT = {
  exportHint: `A ZIP of this workspace's items (JSON and CSV), every photo and document, their history and an ownership certificate per item. The link works for ${EXPORT_TTL_DAYS} days.`,
  importHint: `Bring a workspace export's ZIP into this workspace (every part of a large export together, up to ${MAX_IMPORT_PARTS}). Serials are kept when no item here has ever had them; otherwise items get new ones, listed when it is done. Imports cost what a CSV import does.`,
  exporting: "Preparing the export…",
  importing: "Importing…",
  undoing: "The import failed; undoing it…",
  failedExport: "The last export failed. Please try again.",
  cancelledExport: "The last export was cancelled.",
  cancelFailed: "Could not cancel. Please try again.",
  expired: "The last export's link has expired.",
  uploadFailed: "Upload failed. Please try again.",
};

/** A running export's or import's progress (live), with a button to stop it while it can be. */
function Progress({ label, done, total, cancel }: { label: string; done: number; total: number; cancel?: { label: string; run: () => Promise<unknown> } }) {
  const { busy, error, run } = useSubmit({ fallback: TEXT.cancelFailed });
  return (
    <div className="max-w-md space-y-2">
      <p className="text-sm text-slate-700 dark:text-slate-300">{label}</p>
      <progress className="w-full" aria-label={label} max={Math.max(total, 1)} value={done} />
      {cancel && (
        <Button variant="outline" loading={busy} loadingText="Cancelling..." onClick={() => void run(cancel.run)}>{cancel.label}</Button>
      )}
      {error && <p role="alert" className="text-sm text-red-600 dark:text-red-400">{error}</p>}
    </div>
  );
}

type Ports = NonNullable<ReturnType<typeof useLatest>>;
const useLatest = (ws: CurrentWorkspace) => useQuery(api.workspacePorts.latestPorts, { workspaceId: ws._id });

function ExportPart({ ws, latest }: { ws: CurrentWorkspace; latest: Ports["export"] }) {
  const start = useMutation(api.workspacePorts.startExport);
  const cancel = useMutation(api.workspacePorts.cancel);
  const { busy, error, run } = useSubmit({ fallback: TEXT.failedExport });
  const ask = (label: string) => (
    <Button variant="outline" loading={busy} loadingText="Starting..." onClick={() => void run(() => start({ workspaceId: ws._id }))}>{label}</Button>
  );
  return (
    <section aria-label="Export this workspace" className="space-y-2">
      <h3 className="font-semibold text-slate-900 dark:text-white">Export</h3>
      <p className="text-sm text-slate-600 dark:text-slate-400">{TEXT.exportHint}</p>
      {latest?.status === "running" ? (
        <Progress label={TEXT.exporting} done={latest.done} total={latest.total} cancel={{ label: "Cancel export", run: () => cancel({ workspaceId: ws._id, kind: "export" }) }} />
      ) : latest?.status === "ready" && latest.urls.length > 0 ? (
        <div className="flex flex-wrap items-center gap-3">
          {latest.urls.map((url, i, all) => (
            <a key={url} className={buttonClasses("primary")} href={url} download={`workspace-export${all.length > 1 ? `-part${i + 1}` : ""}.zip`}>
              {all.length > 1 ? `Download part ${i + 1} of ${all.length}` : "Download export ZIP"}
            </a>
          ))}
          {latest.expiresAt !== null && <span className="text-sm text-slate-600 dark:text-slate-400">Link works until {formatLongDate(latest.expiresAt)}.</span>}
          {ask("Prepare a new export")}
        </div>
      ) : (
        <div className="space-y-2">
          {latest?.status === "failed" && <p role="alert" className="text-sm text-red-600 dark:text-red-400">{TEXT.failedExport}</p>}
          {latest?.status === "expired" && <p className="text-sm text-slate-600 dark:text-slate-400">{TEXT.expired}</p>}
          {latest?.status === "cancelled" && <p className="text-sm text-slate-600 dark:text-slate-400">{TEXT.cancelledExport}</p>}
          {ask("Export this workspace")}
        </div>
      )}
      {error && <p role="alert" className="text-sm text-red-600 dark:text-red-400">{error}</p>}
    </section>
  );
}

function ImportReport({ report }: { report: NonNullable<NonNullable<Ports["import"]>["report"]> }) {
  return (
    <div role="status" className="space-y-1 text-sm text-slate-700 dark:text-slate-300">
      <p>
        Imported {report.items} item{report.items === 1 ? "" : "s"} with {report.files} file{report.files === 1 ? "" : "s"}: {report.kept} kept their serial, {report.renumbered} got a new one.
      </p>
      {report.renumberedList.length > 0 && (
        <ul className="list-inside list-disc font-mono text-xs">
          {report.renumberedList.map((r) => <li key={r.from}>{r.from} → {r.to}</li>)}
          {report.renumbered > report.renumberedList.length && <li>…and {report.renumbered - report.renumberedList.length} more (see each item's history)</li>}
        </ul>
      )}
    </div>
  );
}

function ImportPart({ ws, latest }: { ws: CurrentWorkspace; latest: Ports["import"] }) {
  const token = useAuthToken();
  const start = useMutation(api.workspacePorts.startImport);
  const cancel = useMutation(api.workspacePorts.cancel);
  const [files, setFiles] = useState<File[]>([]);
  const inputId = useId();
  const uploadUrl = useMutation(api.workspacePorts.importUploadUrl);
  const addUploaded = useMutation(api.workspacePorts.addUploadedPart);
  const { busy, error, run } = useSubmit({ fallback: TEXT.uploadFailed });
  const failed = async (response: Response) => new Error(((await response.json().catch(() => ({}))) as { error?: string }).error ?? TEXT.uploadFailed);
  /** A part too large for an HTTP action goes to an upload URL, announced with its size and SHA-256. */
  async function sendLarge(file: File) {
    const digest = new Uint8Array(await crypto.subtle.digest("SHA-256", await file.arrayBuffer()));
    const sha256 = [...digest].map((b) => b.toString(16).padStart(2, "0")).join("");
    const url = await uploadUrl({ workspaceId: ws._id, size: file.size, sha256 });
    const response = await fetch(url, { method: "POST", headers: { "Content-Type": "application/zip" }, body: file });
    if (!response.ok) throw await failed(response);
    const { storageId } = (await response.json()) as { storageId: Id<"_storage"> };
    await addUploaded({ workspaceId: ws._id, storageId });
  }
  async function send() {
    for (const file of files) {
      if (file.size > MAX_HTTP_PART_BYTES) {
        await sendLarge(file);
        continue;
      }
      const response = await fetch(`${convexSiteUrl()}/import-zip?workspaceId=${encodeURIComponent(ws._id)}`, {
        method: "POST",
        headers: { "Content-Type": "application/zip", ...(token ? { Authorization: `Bearer ${token}` } : {}) },
        body: file,
      });
      if (!response.ok) throw await failed(response);
    }
    await start({ workspaceId: ws._id });
    setFiles([]);
  }
  const running = latest?.status === "running" || latest?.status === "undoing";
  return (
    <section aria-label="Import into this workspace" className="space-y-2">
      <h3 className="font-semibold text-slate-900 dark:text-white">Import</h3>
      <p className="text-sm text-slate-600 dark:text-slate-400">{TEXT.importHint}</p>
      {running ? (
        latest.status === "undoing" ? (
          <Progress label={TEXT.undoing} done={latest.done} total={latest.total} />
        ) : (
          <Progress label={TEXT.importing} done={latest.done} total={latest.total} cancel={{ label: "Cancel import", run: () => cancel({ workspaceId: ws._id, kind: "import" }) }} />
        )
      ) : (
        <div className="flex flex-col gap-2 sm:flex-row sm:items-center">
          <label htmlFor={inputId} className="text-sm font-medium text-slate-700 dark:text-slate-300">Export ZIP file(s)</label>
          <input id={inputId} type="file" accept=".zip,application/zip" multiple onChange={(e) => setFiles([...(e.target.files ?? [])])}
            className="text-sm text-slate-700 dark:text-slate-300" />
          <Button variant="outline" disabled={files.length === 0} loading={busy} loadingText="Uploading..." onClick={() => void run(send)}>Import ZIP</Button>
        </div>
      )}
      {latest?.status === "failed" && latest.message !== null && <p role="alert" className="text-sm text-red-600 dark:text-red-400">{latest.message}</p>}
      {latest?.status === "cancelled" && latest.message !== null && <p className="text-sm text-slate-600 dark:text-slate-400">{latest.message}</p>}
      {latest?.status === "ready" && latest.report !== null && <ImportReport report={latest.report} />}
      {error && <p role="alert" className="text-sm text-red-600 dark:text-red-400">{error}</p>}
    </section>
  );
}

/** A workspace's export and import, for its owners and admins (the server checks: workspacePorts.ts). */
export function WorkspacePorts({ ws }: { ws: CurrentWorkspace }) {
  const ports = useLatest(ws);
  if (ports === undefined) return <Spinner label="Loading..." />;
  if (ports === null) return null;
  return (
    <div className="flex flex-col gap-6">
      <ExportPart ws={ws} latest={ports.export} />
      <ImportPart ws={ws} latest={ports.import} />
    </div>
  );
}
