import { useEffect, useId, useMemo, useRef, useState, type DragEvent } from "react";
import { MAX_ASSET_FILES, MAX_FILE_MB, PHOTO_MAX_PX, type FileKind } from "../../../convex/lib/assets/fileRules";
import { DocumentTypeSelect } from "../../lib/DocumentTypeSelect";
import { Button, cn } from "../../ui";
import { ACCEPT_ANY, ACCEPT_DOCUMENTS, addPicked } from "./pickedFiles";
import { PHOTO_GRID, PhotoTile } from "./PhotoTile";
import type { PickedFile } from "./uploadFiles";

type Props = {
  files: PickedFile[];
  onChange: (files: PickedFile[]) => void;
  /** The picked photo chosen as the cover, and how to choose another. */
  coverId: string | null;
  onCoverChange: (id: string | null) => void;
  /** Files the asset already holds (edit), and whether one of them is a photo (then the cover). */
  existing?: number;
  hasCover?: boolean;
  disabled?: boolean;
};

const sizeText = (bytes: number) => (bytes < 1024 * 1024 ? `${Math.ceil(bytes / 1024)} KB` : `${(bytes / 1024 / 1024).toFixed(1)} MB`);

/** A picked photo's preview, its object URL released when it leaves the list. */
function useThumbnails(files: PickedFile[]): Map<string, string> {
  const urls = useMemo(
    () => new Map(files.filter((f) => f.kind === "photo").map((f) => [f.id, URL.createObjectURL(f.file)])),
    [files],
  );
  useEffect(() => () => urls.forEach((url) => URL.revokeObjectURL(url)), [urls]);
  return urls;
}

/**
 * Photos and documents (each document with its type: receipt, warranty, manual…): dropped anywhere on the box, taken with the phone's camera,
 * or chosen from files; the photos as thumbnails, one of them the cover. Compact when empty.
 */
export function FilePicker({ files, onChange, coverId, onCoverChange, existing = 0, hasCover = false, disabled }: Props) {
  const [error, setError] = useState<string | null>(null);
  const [dragging, setDragging] = useState(false);
  const cameraInput = useRef<HTMLInputElement>(null);
  const fileInput = useRef<HTMLInputElement>(null);
  const documentInput = useRef<HTMLInputElement>(null);
  const hintId = useId();
  const room = MAX_ASSET_FILES - existing - files.length;
  const thumbnails = useThumbnails(files);
  const photos = files.filter((f) => f.kind === "photo");
  const documents = files.filter((f) => f.kind !== "photo");
  const full = disabled || room <= 0;

  function add(chosen: File[], kind?: FileKind) {
    if (chosen.length === 0) return;
    const result = addPicked(files, chosen, room, kind);
    if ("error" in result) return setError(result.error);
    setError(null);
    onChange(result.files);
  }

  function remove(file: PickedFile) {
    onChange(files.filter((x) => x.id !== file.id));
    if (coverId === file.id) onCoverChange(null);
  }

  function onDrop(event: DragEvent) {
    event.preventDefault();
    setDragging(false);
    if (!full) add(Array.from(event.dataTransfer.files));
  }

  return (
    <fieldset
      className={cn(
        "flex flex-col gap-3 rounded-xl border-2 border-dashed p-3 transition-colors sm:p-4",
        dragging ? "border-indigo-500 bg-indigo-50 dark:bg-indigo-950" : "border-slate-200 dark:border-slate-700",
      )}
      aria-describedby={hintId}
      data-testid="file-drop-zone"
      onDragOver={(event) => {
        event.preventDefault();
        event.dataTransfer.dropEffect = full ? "none" : "copy";
        setDragging(true);
      }}
      onDragLeave={(event) => {
        if (!event.currentTarget.contains(event.relatedTarget as Node | null)) setDragging(false);
      }}
      onDrop={onDrop}
    >
      <legend className="px-1 text-sm font-medium text-slate-700 dark:text-slate-200">Photos and documents</legend>
      <div className="flex flex-wrap gap-2">
        <Button variant="outline" size="sm" disabled={full} onClick={() => cameraInput.current?.click()}>
          Take photo
        </Button>
        <Button variant="outline" size="sm" disabled={full} onClick={() => fileInput.current?.click()}>
          Choose file
        </Button>
        <Button variant="ghost" size="sm" disabled={full} onClick={() => documentInput.current?.click()}>
          Add documents
        </Button>
        <input ref={cameraInput} type="file" accept="image/*" capture="environment" hidden aria-label="Take photo" data-testid="camera-input"
          onChange={(e) => { add(Array.from(e.target.files ?? []), "photo"); e.target.value = ""; }} />
        <input ref={fileInput} type="file" accept={ACCEPT_ANY} multiple hidden aria-label="Choose file" data-testid="photo-input"
          onChange={(e) => { add(Array.from(e.target.files ?? [])); e.target.value = ""; }} />
        <input ref={documentInput} type="file" accept={ACCEPT_DOCUMENTS} multiple hidden aria-label="Add documents" data-testid="document-input"
          onChange={(e) => { add(Array.from(e.target.files ?? []), "document"); e.target.value = ""; }} />
      </div>
      <p id={hintId} className="text-xs text-slate-500 dark:text-slate-400">
        <span className="hidden sm:inline">Drop photos or PDF files here. </span>
        Up to {MAX_ASSET_FILES} files, {MAX_FILE_MB} MB each; photos are resized to {PHOTO_MAX_PX} px before upload.
      </p>
      {error && <p role="alert" className="text-sm text-red-600 dark:text-red-400">{error}</p>}
      {photos.length > 0 && (
        <ul className={PHOTO_GRID} aria-label="Photos to upload">
          {photos.map((f, index) => (
            <PhotoTile key={f.id} src={thumbnails.get(f.id)} name={f.file.name} disabled={disabled}
              // Without a choice, the first photo becomes the cover, unless the asset has one already.
              isCover={coverId === null ? index === 0 && !hasCover : coverId === f.id}
              onMakeCover={() => onCoverChange(f.id)} remove={{ label: "Remove", onClick: () => remove(f) }} />
          ))}
        </ul>
      )}
      {documents.length > 0 && (
        <ul className="flex flex-col divide-y divide-slate-200 rounded-lg border border-slate-200 dark:divide-slate-800 dark:border-slate-800">
          {documents.map((f) => (
            <li key={f.id} className="flex items-center justify-between gap-3 px-3 py-2 text-sm">
              <span className="min-w-0 truncate">
                {f.file.name} <span className="text-slate-500">({sizeText(f.file.size)})</span>
              </span>
              <DocumentTypeSelect name={f.file.name} value={f.kind} disabled={disabled} allowPhoto={f.file.type.startsWith("image/")}
                onChange={(kind) => onChange(files.map((x) => (x.id === f.id ? { ...x, kind } : x)))} />
              <Button variant="ghost" size="sm" disabled={disabled} aria-label={`Remove ${f.file.name}`} onClick={() => remove(f)}>
                Remove
              </Button>
            </li>
          ))}
        </ul>
      )}
    </fieldset>
  );
}
