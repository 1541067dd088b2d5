// What every PDF the app builds in the browser needs: its fonts as bytes (DejaVu Sans:
// Latin, Greek, Cyrillic and more, so names print in the owner's own script), fetched only
// when someone asks for a PDF, and the download of the finished file.
import regularFontUrl from "dejavu-fonts-ttf/ttf/DejaVuSans.ttf?url";
import boldFontUrl from "dejavu-fonts-ttf/ttf/DejaVuSans-Bold.ttf?url";

export type PdfFontBytes = { regular: ArrayBuffer; bold: ArrayBuffer };

async function fontBytes(url: string): Promise<ArrayBuffer> {
  const response = await fetch(url);
  if (!response.ok) throw new Error(`Could not load the PDF font (${response.status})`);
  return await response.arrayBuffer();
}

export async function pdfFonts(): Promise<PdfFontBytes> {
  const [regular, bold] = await Promise.all([fontBytes(regularFontUrl), fontBytes(boldFontUrl)]);
  return { regular, bold };
}

/** Hands the PDF to the browser as a download named `fileName`. */
export function downloadPdf(bytes: Uint8Array, fileName: string) {
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
