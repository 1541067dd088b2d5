// The PDF download, loaded on demand: pdf-lib, fontkit and the fonts (about 1.5 MB) are
// fetched only when someone asks for a PDF, never with the page.
import { downloadPdf, pdfFonts } from "../pdfFiles";
import type { LabelFormat } from "./formats";
import type { Label } from "./label";

/** Builds the labels' PDF and hands it to the browser as a download named `fileName`. */
export default async function downloadLabelsPdf(labels: readonly (Label | null)[], format: LabelFormat, fileName: string): Promise<void> {
  const [{ renderLabelsPdf }, fonts] = await Promise.all([import("./pdf"), pdfFonts()]);
  downloadPdf(await renderLabelsPdf(labels, format, fonts), fileName);
}
