// The insurance report's PDF, loaded on demand (pdf-lib, fontkit and the fonts come only
// when someone asks for it): the rows the server's job stored, drawn in the browser.
import type { ReportRow, ReportTotals } from "../../../convex/lib/reports/rules";
import { labelFontSource, savePdf } from "../labels/download";
import { jpegThumbnail } from "./thumbnail";

export default async function downloadInsurancePdf(rowsUrl: string, totals: ReportTotals, title: string, fileName: string, onProgress: (done: number) => void) {
  const [{ default: renderInsurancePdf }, fonts, response] = await Promise.all([import("./insurancePdf"), labelFontSource(), fetch(rowsUrl)]);
  if (!response.ok) throw new Error("The report could not be read. Build it again.");
  const rows = (await response.json()) as ReportRow[];
  savePdf(await renderInsurancePdf(rows, totals, title, fonts, jpegThumbnail, onProgress), fileName);
}
