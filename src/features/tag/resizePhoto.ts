// Photos shrink in the browser before they leave it: the longest side to PHOTO_MAX_PX, encoded
// as WebP (JPEG where the browser cannot write WebP) at PHOTO_QUALITY. A phone's 12-megapixel
// JPEG of 4-6 MB becomes a few hundred KB, which uploads in seconds on a mobile connection.
import { PHOTO_MAX_PX, PHOTO_QUALITY, fileError } from "../../../convex/lib/assets/fileRules";

type Drawable = { source: CanvasImageSource; width: number; height: number; close(): void };

/** The decoded image, upright as the camera held it (EXIF orientation applied), or null. */
async function decode(file: Blob): Promise<Drawable | null> {
  if (typeof createImageBitmap === "function") {
    try {
      const bitmap = await createImageBitmap(file, { imageOrientation: "from-image" });
      return { source: bitmap, width: bitmap.width, height: bitmap.height, close: () => bitmap.close() };
    } catch {
      // Some browsers decode only through <img> (e.g. older Safari and SVG); try that.
    }
  }
  const url = URL.createObjectURL(file);
  try {
    const image = new Image();
    image.src = url;
    await image.decode();
    return { source: image, width: image.naturalWidth, height: image.naturalHeight, close: () => {} };
  } catch {
    return null;
  } finally {
    URL.revokeObjectURL(url);
  }
}

function encode(canvas: HTMLCanvasElement, type: string): Promise<Blob | null> {
  return new Promise((resolve) => canvas.toBlob(resolve, type, PHOTO_QUALITY));
}

/** Fits `width`×`height` inside PHOTO_MAX_PX on its longest side, never enlarging. */
function fittedSize(width: number, height: number): { width: number; height: number } {
  const scale = Math.min(1, PHOTO_MAX_PX / Math.max(width, height, 1));
  return { width: Math.max(1, Math.round(width * scale)), height: Math.max(1, Math.round(height * scale)) };
}

/**
 * The photo to upload: resized and re-encoded, or the original when it cannot be drawn, or when
 * it is already small enough and the re-encoding would not be smaller (or would lose a GIF's motion).
 */
export async function resizePhoto(file: File): Promise<Blob> {
  const image = await decode(file);
  if (image === null) return file;
  try {
    const target = fittedSize(image.width, image.height);
    const fits = target.width === image.width && target.height === image.height;
    const acceptable = fileError("photo", file.type, file.size) === null;
    if (fits && acceptable && file.type === "image/gif") return file;
    const canvas = document.createElement("canvas");
    canvas.width = target.width;
    canvas.height = target.height;
    const context = canvas.getContext("2d");
    if (context === null) return file;
    context.imageSmoothingQuality = "high";
    context.drawImage(image.source, 0, 0, target.width, target.height);
    // toBlob falls back to PNG for a type it cannot write: then JPEG, on white (no alpha).
    let blob = await encode(canvas, "image/webp");
    if (blob === null || blob.type !== "image/webp") {
      context.globalCompositeOperation = "destination-over";
      context.fillStyle = "#ffffff";
      context.fillRect(0, 0, target.width, target.height);
      blob = await encode(canvas, "image/jpeg");
    }
    if (blob === null) return file;
    return fits && acceptable && blob.size >= file.size ? file : blob;
  } finally {
    image.close();
  }
}

/** The file name for what is uploaded: the extension follows the encoded type. */
export function uploadName(name: string, blob: Blob, original: File): string {
  if (blob === original) return name;
  const extension = blob.type === "image/webp" ? "webp" : "jpg";
  return `${name.replace(/\.[^.]+$/, "") || "photo"}.${extension}`;
}
