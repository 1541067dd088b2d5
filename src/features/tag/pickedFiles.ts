// What the file picker holds, and the rules it applies as files arrive (chosen, photographed or dropped).
import { DOCUMENT_TYPES, FILE_MESSAGES, fileError, kindOfType, type FileKind } from "../../../convex/lib/assets/fileRules";
import type { PickedFile } from "./uploadFiles";

let counter = 0;

/** The picked files with `chosen` added, or the message saying why they cannot be. */
export function addPicked(
  files: PickedFile[],
  chosen: File[],
  room: number,
  kind?: FileKind,
): { files: PickedFile[] } | { error: string } {
  if (chosen.length > room) return { error: FILE_MESSAGES.tooMany };
  const added: PickedFile[] = [];
  for (const file of chosen) {
    const fileKind = kind ?? kindOfType(file.type);
    // Photos are re-encoded before upload (HEIC included, where the browser decodes it), so any
    // image will do here; what is uploaded is checked again after the resize.
    const problem =
      fileKind === "photo"
        ? file.type.startsWith("image/") ? null : FILE_MESSAGES.notImage
        : fileError(fileKind, file.type, file.size);
    if (problem !== null) return { error: `${file.name}: ${problem}` };
    added.push({ id: `f${(counter += 1)}`, file, kind: fileKind });
  }
  return { files: [...files, ...added] };
}

/** The picked files in upload order: the cover photo first, so the server takes it as the cover. */
export function coverFirst(files: PickedFile[], coverId: string | null): PickedFile[] {
  const cover = files.find((f) => f.id === coverId && f.kind === "photo");
  return cover === undefined ? files : [cover, ...files.filter((f) => f !== cover)];
}

export const ACCEPT_ANY = ["image/*", ...DOCUMENT_TYPES.filter((t) => !t.startsWith("image/"))].join(",");
export const ACCEPT_DOCUMENTS = DOCUMENT_TYPES.join(",");
