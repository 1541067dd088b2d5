// An item's documents grouped by type (receipts, warranty, manuals…); an editor re-files one in place.
import { api } from "../../../convex/_generated/api";
import { FILE_KINDS, FILE_KIND_LABELS, type FileKind } from "../../../convex/lib/assets/fileRules";
import type { AssetDetail } from "../../../convex/lib/assets/read";
import { DocumentTypeSelect } from "../../lib/DocumentTypeSelect";
import { useSubmit } from "../../lib/useSubmit";
import { useMayEdit, useWorkspaceMutation } from "../../lib/useWorkspace";

type AttachedFile = AssetDetail["files"][number];

function FileLink({ file }: { file: AttachedFile }) {
  return file.url ? (
    <a href={file.url} target="_blank" rel="noreferrer" className="break-all text-indigo-600 underline dark:text-indigo-400">{file.name}</a>
  ) : (
    <span className="break-all">{file.name}</span>
  );
}

/** The item's files of one type, as links (the receipt beside the purchase value). */
export function FilesOfKind({ asset, kind }: { asset: AssetDetail; kind: FileKind }) {
  const files = asset.files.filter((f) => f.kind === kind);
  if (files.length === 0) return null;
  return (
    <span className="ml-2 inline-flex flex-wrap gap-x-2 text-xs">
      {FILE_KIND_LABELS[kind]}:{files.map((f) => <FileLink key={f.storageId} file={f} />)}
    </span>
  );
}

export function DocumentGroups({ asset }: { asset: AssetDetail }) {
  const mayEdit = useMayEdit();
  const setKind = useWorkspaceMutation(api.assetFiles.setKind);
  const { busy, run } = useSubmit({ fallback: "Could not change the file's type.", show: "toast" });
  const groups = FILE_KINDS.filter((k) => k !== "photo")
    .map((kind) => ({ kind, files: asset.files.filter((f) => f.kind === kind) }))
    .filter((g) => g.files.length > 0);
  if (groups.length === 0) return null;
  return (
    <div className="flex flex-col gap-3">
      {groups.map(({ kind, files }) => (
        <section key={kind} aria-label={FILE_KIND_LABELS[kind]}>
          <h3 className="text-xs font-semibold uppercase tracking-wide text-slate-500 dark:text-slate-400">{FILE_KIND_LABELS[kind]}</h3>
          <ul className="mt-1 flex flex-col gap-1 text-sm">
            {files.map((f) => (
              <li key={f.storageId} className="flex flex-wrap items-center justify-between gap-2">
                <FileLink file={f} />
                {mayEdit && (
                  <DocumentTypeSelect name={f.name} value={f.kind} disabled={busy} allowPhoto={f.contentType.startsWith("image/")}
                    onChange={(next) => void run(() => setKind({ assetId: asset._id, storageId: f.storageId, kind: next }))} />
                )}
              </li>
            ))}
          </ul>
        </section>
      ))}
    </div>
  );
}
