import { useId, useRef, useState } from "react";
import { DOCUMENT_TYPES, FILE_MESSAGES, MAX_ASSET_FILES, fileError } from "../../../convex/lib/assets/fileRules";
import type { FileKind } from "../../../convex/lib/assets/tables";
import { Button } from "../../ui";
import type { PickedFile } from "./uploadFiles";

type Props = {
  files: PickedFile[];
  onChange: (files: PickedFile[]) => void;
  /** Files the asset already holds (edit). */
  existing?: number;
  disabled?: boolean;
};

let counter = 0;
const sizeText = (bytes: number) => (bytes < 1024 * 1024 ? `${Math.ceil(bytes / 1024)} KB` : `${(bytes / 1024 / 1024).toFixed(1)} MB`);

/** Up to five photos and documents; photos are checked as images, sized after resizing. */
export function FilePicker({ files, onChange, existing = 0, disabled }: Props) {
  const [error, setError] = useState<string | null>(null);
  const photoInput = useRef<HTMLInputElement>(null);
  const documentInput = useRef<HTMLInputElement>(null);
  const hintId = useId();
  const room = MAX_ASSET_FILES - existing - files.length;

  function add(kind: FileKind, list: FileList | null) {
    const chosen = Array.from(list ?? []);
    if (chosen.length === 0) return;
    if (chosen.length > room) {
      setError(FILE_MESSAGES.tooMany);
      return;
    }
    for (const file of chosen) {
      // Photos shrink before upload, so only their type matters here.
      const problem = fileError(kind, file.type, kind === "photo" ? 0 : file.size);
      if (problem !== null) {
        setError(`${file.name}: ${problem}`);
        return;
      }
    }
    setError(null);
    onChange([...files, ...chosen.map((file) => ({ id: `f${(counter += 1)}`, file, kind }))]);
  }

  return (
    <fieldset className="flex flex-col gap-3" aria-describedby={hintId}>
      <legend className="text-sm font-medium text-slate-700 dark:text-slate-200">Photos and documents</legend>
      <p id={hintId} className="text-xs text-slate-500 dark:text-slate-400">
        Up to {MAX_ASSET_FILES} files, 10 MB each. Photos are resized to 1600 px; documents may be PDF files or images (receipts, certificates).
      </p>
      <div className="flex flex-wrap gap-2">
        <Button variant="outline" size="sm" disabled={disabled || room <= 0} onClick={() => photoInput.current?.click()}>
          Add photos
        </Button>
        <Button variant="outline" size="sm" disabled={disabled || room <= 0} onClick={() => documentInput.current?.click()}>
          Add documents
        </Button>
        <input ref={photoInput} type="file" accept="image/*" multiple hidden aria-label="Add photos" data-testid="photo-input"
          onChange={(e) => { add("photo", e.target.files); e.target.value = ""; }} />
        <input ref={documentInput} type="file" accept={DOCUMENT_TYPES.join(",")} multiple hidden aria-label="Add documents" data-testid="document-input"
          onChange={(e) => { add("document", e.target.files); e.target.value = ""; }} />
      </div>
      {error && <p role="alert" className="text-sm text-red-600 dark:text-red-400">{error}</p>}
      {files.length > 0 && (
        <ul className="flex flex-col divide-y divide-slate-200 rounded-lg border border-slate-200 dark:divide-slate-800 dark:border-slate-800">
          {files.map((f) => (
            <li key={f.id} className="flex items-center justify-between gap-3 px-3 py-2 text-sm">
              <span className="min-w-0 truncate">
                <span className="mr-2 rounded bg-slate-100 px-1.5 py-0.5 text-xs dark:bg-slate-800">{f.kind === "photo" ? "Photo" : "Document"}</span>
                {f.file.name} <span className="text-slate-500">({sizeText(f.file.size)})</span>
              </span>
              <Button variant="ghost" size="sm" disabled={disabled} aria-label={`Remove ${f.file.name}`}
                onClick={() => onChange(files.filter((x) => x.id !== f.id))}>
                Remove
              </Button>
            </li>
          ))}
        </ul>
      )}
    </fieldset>
  );
}
