// Photos are shrunk in the browser (longest side ≤ 1600 px, JPEG) before they
// leave it; every file goes to Convex storage through the app's upload route.
import { PHOTO_MAX_PX, fileError } from "../../../convex/lib/assets/fileRules";
import type { FileKind } from "../../../convex/lib/assets/tables";
import type { Id } from "../../../convex/_generated/dataModel";
import type { UploadFile } from "../../lib/useUploadFile";

export type PickedFile = { id: string; file: File; kind: FileKind };
type UploadedFile = { storageId: Id<"_storage">; kind: FileKind; name: string };

function loadImage(file: File): Promise<HTMLImageElement> {
  return new Promise((resolve, reject) => {
    const url = URL.createObjectURL(file);
    const image = new Image();
    image.onload = () => {
      URL.revokeObjectURL(url);
      resolve(image);
    };
    image.onerror = () => {
      URL.revokeObjectURL(url);
      reject(new Error(`Could not read the image ${file.name}`));
    };
    image.src = url;
  });
}

/** A JPEG whose longest side is at most PHOTO_MAX_PX (the original when it cannot be drawn). */
async function resizePhoto(file: File): Promise<Blob> {
  let image: HTMLImageElement;
  try {
    image = await loadImage(file);
  } catch {
    return file;
  }
  const scale = Math.min(1, PHOTO_MAX_PX / Math.max(image.naturalWidth, image.naturalHeight, 1));
  const canvas = document.createElement("canvas");
  canvas.width = Math.max(1, Math.round(image.naturalWidth * scale));
  canvas.height = Math.max(1, Math.round(image.naturalHeight * scale));
  const context = canvas.getContext("2d");
  if (context === null) return file;
  context.drawImage(image, 0, 0, canvas.width, canvas.height);
  const blob = await new Promise<Blob | null>((resolve) => canvas.toBlob(resolve, "image/jpeg", 0.85));
  return blob ?? file;
}

const jpegName = (name: string) => `${name.replace(/\.[^.]+$/, "") || "photo"}.jpg`;

/** Resizes photos, checks limits, uploads; throws an Error with a message fit to show. */
export async function uploadPicked(picked: PickedFile[], upload: UploadFile): Promise<UploadedFile[]> {
  const out: UploadedFile[] = [];
  for (const item of picked) {
    const blob = item.kind === "photo" ? await resizePhoto(item.file) : item.file;
    const name = item.kind === "photo" && blob !== item.file ? jpegName(item.file.name) : item.file.name;
    const problem = fileError(item.kind, blob.type, blob.size);
    if (problem !== null) throw new Error(`${item.file.name}: ${problem}`);
    let storageId: Id<"_storage">;
    try {
      storageId = await upload(blob);
    } catch (error) {
      const reason = error instanceof Error ? error.message : "";
      throw new Error(`Upload of ${item.file.name} failed. ${reason || "Please try again."}`, { cause: error });
    }
    out.push({ storageId, kind: item.kind, name: name.slice(0, 200) });
  }
  return out;
}
