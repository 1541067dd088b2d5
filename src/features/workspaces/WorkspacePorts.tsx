import { useAuthToken } from "@convex-dev/auth/react";
import { useMutation, useQuery } from "convex/react";
import { useId, useRef, useState } from "react";
import { api } from "../../../convex/_generated/api";
import type { Id } from "../../../convex/_generated/dataModel";
import { EXPORT_TTL_DAYS } from "../../../convex/lib/privacy/rules";
import { MAX_HTTP_PART_BYTES, MAX_IMPORT_PART_BYTES, MAX_IMPORT_PARTS, PORT_MESSAGES } from "../../../convex/lib/ports/rules";
import { convexSiteUrl } from "../../lib/convexSiteUrl";
import { formatLongDate } from "../../lib/format";
import { postBlob } from "../../lib/postBlob";
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
  starting: "Starting the import…",
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

/** What the import screen says while it sends the chosen parts: a step, and how far it is (0 to 1; null while a part is hashed, which reports nothing). */
type Sending = { label: string; share: number | null };

/** Hex SHA-256 of a part: read once (crypto.subtle takes no stream), hashed off the main thread, then let go. */
async function sha256Hex(file: File) {
  const digest = new Uint8Array(await crypto.subtle.digest("SHA-256", await file.arrayBuffer()));
  return Array.from(digest, (b) => b.toString(16).padStart(2, "0")).join("");
}

/** The chosen parts' problem the server would refuse them for, found before anything is sent. */
function partsProblem(files: readonly File[]) {
  if (files.length > MAX_IMPORT_PARTS) return PORT_MESSAGES.uploadTooMany;
  if (files.some((f) => f.size > MAX_IMPORT_PART_BYTES)) return PORT_MESSAGES.partTooLarge;
  return null;
}

function ImportPart({ ws, latest }: { ws: CurrentWorkspace; latest: Ports["import"] }) {
  const token = useAuthToken();
  const start = useMutation(api.workspacePorts.startImport);
  const cancel = useMutation(api.workspacePorts.cancel);
  const [files, setFiles] = useState<File[]>([]);
  const [picker, setPicker] = useState(0);
  const [sending, setSending] = useState<Sending | null>(null);
  // Parts of this choice already taken into the import: a retry after a failure sends only the rest.
  const sent = useRef(new Set<File>());
  const inputId = useId();
  const uploadUrl = useMutation(api.workspacePorts.importUploadUrl);
  const addUploaded = useMutation(api.workspacePorts.addUploadedPart);
  const { busy, error, run } = useSubmit({ fallback: TEXT.uploadFailed, clientErrors: true });
  const post = async (url: string, file: File, headers: Record<string, string>, step: (sent: number) => void) => {
    const { ok, reply } = await postBlob(url, file, { "Content-Type": "application/zip", ...headers }, TEXT.uploadFailed, step);
    if (!ok) throw new Error(typeof reply.error === "string" ? reply.error : TEXT.uploadFailed);
    return reply;
  };
  /** A part too large for an HTTP action goes to an upload URL, announced with its size and SHA-256. */
  async function sendLarge(file: File, step: (sent: number) => void, name: string) {
    setSending({ label: `Checking ${name}…`, share: null });
    const sha256 = await sha256Hex(file);
    const url = await uploadUrl({ workspaceId: ws._id, size: file.size, sha256 });
    step(0);
    setSending((s) => ({ label: `Uploading ${name}…`, share: s?.share ?? null }));
    const { storageId } = await post(url, file, {}, step);
    if (typeof storageId !== "string") throw new Error(TEXT.uploadFailed);
    await addUploaded({ workspaceId: ws._id, storageId: storageId as Id<"_storage"> });
  }
  async function send() {
    const problem = partsProblem(files);
    if (problem !== null) throw new Error(problem);
    try {
      for (const [i, file] of files.entries()) {
        if (sent.current.has(file)) continue;
        const name = files.length > 1 ? `part ${i + 1} of ${files.length}` : file.name;
        const step = (share: number) => setSending((s) => ({ label: s?.label ?? "", share: (i + share) / files.length }));
        if (file.size > MAX_HTTP_PART_BYTES) {
          await sendLarge(file, step, name);
        } else {
          setSending({ label: `Uploading ${name}…`, share: i / files.length });
          await post(`${convexSiteUrl()}/import-zip?workspaceId=${encodeURIComponent(ws._id)}`, file, token ? { Authorization: `Bearer ${token}` } : {}, step);
        }
        sent.current.add(file);
      }
      setSending({ label: TEXT.starting, share: 1 });
      await start({ workspaceId: ws._id });
      choose([]);
      setPicker((n) => n + 1);
    } finally {
      setSending(null);
    }
  }
  function choose(chosen: File[]) {
    sent.current = new Set();
    setFiles(chosen);
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
          <input key={picker} id={inputId} type="file" accept=".zip,application/zip" multiple disabled={busy} onChange={(e) => choose([...(e.target.files ?? [])])}
            className="text-sm text-slate-700 dark:text-slate-300" />
          <Button variant="outline" disabled={files.length === 0} loading={busy} loadingText="Uploading..." onClick={() => void run(send)}>Import ZIP</Button>
        </div>
      )}
      {sending !== null && (
        <div className="max-w-md space-y-2">
          <p role="status" className="text-sm text-slate-700 dark:text-slate-300">{sending.label}</p>
          <progress className="w-full" aria-label={sending.label} max={1} value={sending.share ?? undefined} />
        </div>
      )}
      {/* The last import's outcome, until a new one is on its way. */}
      {sending === null && latest?.status === "failed" && latest.message !== null && <p role="alert" className="text-sm text-red-600 dark:text-red-400">{latest.message}</p>}
      {sending === null && latest?.status === "cancelled" && latest.message !== null && <p className="text-sm text-slate-600 dark:text-slate-400">{latest.message}</p>}
      {sending === null && latest?.status === "ready" && latest.report !== null && <ImportReport report={latest.report} />}
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
