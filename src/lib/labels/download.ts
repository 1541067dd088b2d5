// The PDF download, loaded on demand: pdf-lib, fontkit and the fonts are fetched only when
// someone asks for a PDF, never with the page; a fallback font (Chinese and Japanese 10 MB,
// Korean 6 MB, emoji 1 MB) only when a label's text has a character DejaVu Sans lacks.
import { fetchFace } from "../../../convex/lib/fonts/faces";
import type { LabelFormat } from "./formats";
import type { Label } from "./label";
import type { LabelFontSource } from "./pdf";

/** The labels' fonts (DejaVu Sans, regular and bold, and the fallbacks on demand); other PDFs the app makes (an audit's report) print with them too. */
export async function labelFontSource(): Promise<LabelFontSource> {
  const [regular, bold] = await Promise.all([fetchFace("dejavu"), fetchFace("dejavuBold")]);
  return { regular, bold, load: (face) => fetchFace(face) };
}

/** Builds the labels' PDF and hands it to the browser as a download named `fileName`. */
export default async function downloadLabelsPdf(labels: readonly (Label | null)[], format: LabelFormat, fileName: string): Promise<void> {
  const [{ renderLabelsPdf }, fonts] = await Promise.all([import("./pdf"), labelFontSource()]);
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
