// Every file goes to Convex storage through the app's upload route, photos shrunk first
// (resizePhoto.ts). Progress and failures show as one toast that updates as files go.
import { toast } from "sonner";
import { MAX_FILE_NAME, fileError, type FileKind } from "../../../convex/lib/assets/fileRules";
import type { Id } from "../../../convex/_generated/dataModel";
import { toOneLine } from "../../../convex/lib/oneLine";
import type { UploadFile } from "../../lib/useUploadFile";
import { resizePhoto, uploadName } from "./resizePhoto";

export type PickedFile = { id: string; file: File; kind: FileKind };
type UploadedFile = { storageId: Id<"_storage">; kind: FileKind; name: string };

function progressText(index: number, total: number, name: string, sent: number): string {
  const which = total === 1 ? "Uploading" : `Uploading ${index + 1} of ${total}:`;
  return `${which} ${name} (${Math.round(sent * 100)}%)`;
}

/**
 * Resizes photos, checks limits, uploads, in the order given (the first photo is the cover);
 * throws an Error with a message fit to show, after showing it as a toast.
 */
export async function uploadPicked(picked: PickedFile[], upload: UploadFile): Promise<UploadedFile[]> {
  if (picked.length === 0) return [];
  const toastId = toast.loading(progressText(0, picked.length, picked[0].file.name, 0));
  const out: UploadedFile[] = [];
  try {
    for (const [index, item] of picked.entries()) {
      const name = item.file.name;
      if (item.kind === "photo") toast.loading(`Preparing ${name}…`, { id: toastId });
      const blob = item.kind === "photo" ? await resizePhoto(item.file) : item.file;
      const problem = fileError(item.kind, blob.type, blob.size);
      if (problem !== null) throw new Error(`${name}: ${problem}`);
      let storageId: Id<"_storage">;
      try {
        storageId = await upload(
          blob,
          (sent) => toast.loading(progressText(index, picked.length, name, sent), { id: toastId }),
          () => toast.loading(`You are offline. ${name} will upload when you are back online.`, { id: toastId }),
        );
      } catch (error) {
        const reason = error instanceof Error ? error.message : "";
        throw new Error(`Upload of ${name} failed. ${reason || "Please try again."}`, { cause: error });
      }
      out.push({ storageId, kind: item.kind, name: toOneLine(uploadName(name, blob, item.file)).slice(0, MAX_FILE_NAME) });
    }
  } catch (error) {
    toast.error(error instanceof Error ? error.message : "Upload failed. Please try again.", { id: toastId });
    throw error;
  }
  toast.success(picked.length === 1 ? "File uploaded" : `${picked.length} files uploaded`, { id: toastId });
  return out;
}
