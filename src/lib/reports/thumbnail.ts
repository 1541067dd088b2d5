// A photo made small for a PDF: read, drawn at most SIZE pixels on its longer side, and
// encoded as JPEG, so a report of thousands of items stays a file one can e-mail.
const SIZE = 160;

export async function jpegThumbnail(url: string): Promise<Uint8Array | null> {
  try {
    const response = await fetch(url);
    if (!response.ok) return null;
    const bitmap = await createImageBitmap(await response.blob());
    const scale = Math.min(1, SIZE / Math.max(bitmap.width, bitmap.height));
    const canvas = document.createElement("canvas");
    canvas.width = Math.max(1, Math.round(bitmap.width * scale));
    canvas.height = Math.max(1, Math.round(bitmap.height * scale));
    canvas.getContext("2d")?.drawImage(bitmap, 0, 0, canvas.width, canvas.height);
    bitmap.close();
    const blob = await new Promise<Blob | null>((resolve) => canvas.toBlob(resolve, "image/jpeg", 0.8));
    return blob === null ? null : new Uint8Array(await blob.arrayBuffer());
  } catch {
    // Not an image the browser can read (or gone): the item is listed without its thumbnail.
    return null;
  }
}
