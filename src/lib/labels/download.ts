// The PDF download, loaded on demand: pdf-lib, fontkit and the fonts (about 1.5 MB) are
// fetched only when someone asks for a PDF, never with the page.
import regularFontUrl from "dejavu-fonts-ttf/ttf/DejaVuSans.ttf?url";
import boldFontUrl from "dejavu-fonts-ttf/ttf/DejaVuSans-Bold.ttf?url";
import type { LabelFormat } from "./formats";
import type { Label } from "./label";

async function fontBytes(url: string): Promise<ArrayBuffer> {
  const response = await fetch(url);
  if (!response.ok) throw new Error(`Could not load the label font (${response.status})`);
  return await response.arrayBuffer();
}

/** The labels' fonts (DejaVu Sans, regular and bold); other PDFs the app makes (an audit's report) print with them too. */
export async function labelFontBytes(): Promise<{ regular: ArrayBuffer; bold: ArrayBuffer }> {
  const [regular, bold] = await Promise.all([fontBytes(regularFontUrl), fontBytes(boldFontUrl)]);
  return { regular, bold };
}

/** Builds the labels' PDF and hands it to the browser as a download named `fileName`. */
export default async function downloadLabelsPdf(labels: readonly (Label | null)[], format: LabelFormat, fileName: string): Promise<void> {
  const [{ renderLabelsPdf }, fonts] = await Promise.all([import("./pdf"), labelFontBytes()]);
  savePdf(await renderLabelsPdf(labels, format, fonts), fileName);
}

/** Hands a PDF's bytes to the browser as a download. */
export function savePdf(bytes: Uint8Array, fileName: string): void {
  const url = URL.createObjectURL(new Blob([bytes as BlobPart], { type: "application/pdf" }));
  const link = document.createElement("a");
  link.href = url;
  link.download = fileName;
  document.body.append(link);
  link.click();
  link.remove();
  // The click has handed the file over; the URL may go once the browser has read it.
  setTimeout(() => URL.revokeObjectURL(url), 60_000);
}
