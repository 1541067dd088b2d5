import { SCREENSHOT_QUALITY } from "../../../convex/lib/bugReports/rules";

export type BoxKind = "highlight" | "redact";
/** A box in fractions of the image (0..1), so it survives any display size. */
export interface Box {
  kind: BoxKind;
  x: number;
  y: number;
  w: number;
  h: number;
}

export const HIGHLIGHT_COLOR = "#ef4444";

function loadImage(src: string): Promise<HTMLImageElement> {
  return new Promise((resolve, reject) => {
    const image = new Image();
    image.onload = () => resolve(image);
    image.onerror = () => reject(new Error("Screenshot could not be loaded"));
    image.src = src;
  });
}

/** Draws the boxes into the image itself: redactions are opaque, so the hidden pixels never leave the browser. */
export async function burnInBoxes(screenshot: string, boxes: readonly Box[]): Promise<string> {
  if (boxes.length === 0) return screenshot;
  const image = await loadImage(screenshot);
  const canvas = document.createElement("canvas");
  canvas.width = image.naturalWidth;
  canvas.height = image.naturalHeight;
  const ctx = canvas.getContext("2d");
  if (ctx === null) throw new Error("Canvas is not available");
  ctx.drawImage(image, 0, 0);
  const line = Math.max(2, Math.round(canvas.width / 320));
  for (const box of boxes) {
    const [x, y, w, h] = [box.x * canvas.width, box.y * canvas.height, box.w * canvas.width, box.h * canvas.height];
    if (box.kind === "redact") {
      ctx.fillStyle = "#000000";
      ctx.fillRect(x, y, w, h);
    } else {
      ctx.strokeStyle = HIGHLIGHT_COLOR;
      ctx.lineWidth = line;
      ctx.strokeRect(x, y, w, h);
    }
  }
  return canvas.toDataURL("image/jpeg", SCREENSHOT_QUALITY);
}

/** A box from two corner points, clamped to the image. */
export function boxFromPoints(kind: BoxKind, a: { x: number; y: number }, b: { x: number; y: number }): Box {
  const clamp = (n: number) => Math.min(1, Math.max(0, n));
  const [x1, x2] = [clamp(Math.min(a.x, b.x)), clamp(Math.max(a.x, b.x))];
  const [y1, y2] = [clamp(Math.min(a.y, b.y)), clamp(Math.max(a.y, b.y))];
  return { kind, x: x1, y: y1, w: x2 - x1, h: y2 - y1 };
}
