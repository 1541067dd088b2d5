// The insurance report as a PDF, drawn in the browser from the rows the server's job
// stored (convex/lib/reports/rules.ts): a page of totals (per currency, per location),
// then every item with its photo's thumbnail, serials, fields, value and attached files.
import { PDFDocument, type PDFImage, type PDFPage } from "pdf-lib";
import type { FontStack } from "../../../convex/lib/fonts/pdfText";
import { columnOf } from "../../../convex/lib/assets/columns";
import { REPORT_FIELDS, type ReportRow, type ReportTotals } from "../../../convex/lib/reports/rules";
import { formatAmount, formatDate, formatNumber, formatTotals } from "../format";
import { embedLabelFonts, type LabelFontSource } from "../labels/pdf";
import { wrapText } from "../labels/wrap";

const A4: [number, number] = [595.28, 841.89];
const MARGIN = 40;
const THUMB = 56;
const GAP = 10;

/** A thumbnail's JPEG bytes, or null when the photo cannot be read (it is then listed, not drawn). */
type Thumbnail = (url: string) => Promise<Uint8Array | null>;

// The labels' fonts: DejaVu Sans, and behind it the faces for scripts it lacks (names in any script print).
type Pen = { doc: PDFDocument; page: PDFPage; y: number; regular: FontStack; bold: FontStack };

function room(pen: Pen, height: number) {
  if (pen.y - height >= MARGIN) return;
  pen.page = pen.doc.addPage(A4);
  pen.y = A4[1] - MARGIN;
}

function line(pen: Pen, text: string, { size = 10, font = pen.regular, x = MARGIN, width = A4[0] - 2 * MARGIN, lines = 1 } = {}) {
  for (const part of wrapText(text, width, lines, (t) => font.width(t, size))) {
    room(pen, size * 1.35);
    font.draw(pen.page, part, { x, y: pen.y - size, size });
    pen.y -= size * 1.35;
  }
}

function totalsPage(pen: Pen, title: string, totals: ReportTotals) {
  line(pen, "Insurance report", { size: 20, font: pen.bold });
  line(pen, `${title} · ${formatDate(Date.now())} · ${formatNumber(totals.items)} item${totals.items === 1 ? "" : "s"}`, { size: 9 });
  pen.y -= GAP;
  line(pen, "Total value", { size: 13, font: pen.bold });
  line(pen, totals.values.length === 0 ? "No values recorded" : formatTotals(totals.values), { size: 12, lines: 4 });
  pen.y -= GAP;
  line(pen, "By location", { size: 13, font: pen.bold });
  for (const place of totals.byLocation) {
    line(pen, `${place.location}: ${formatNumber(place.items)} item${place.items === 1 ? "" : "s"}${place.values.length > 0 ? `, ${formatTotals(place.values)}` : ""}`, { lines: 3 });
  }
}

async function item(pen: Pen, row: ReportRow, image: PDFImage | null) {
  const facts = REPORT_FIELDS.flatMap((f) => {
    const value = row.cells[columnOf(f)];
    return value && f.key !== "name" && f.type !== "money" ? [`${f.label}: ${value}`] : [];
  });
  const height = Math.max(THUMB, 14 * (3 + facts.length)) + GAP;
  room(pen, Math.min(height, A4[1] - 2 * MARGIN));
  const top = pen.y;
  if (image !== null) {
    const scale = Math.min(THUMB / image.width, THUMB / image.height);
    pen.page.drawImage(image, { x: MARGIN, y: top - image.height * scale, width: image.width * scale, height: image.height * scale });
  }
  const x = MARGIN + THUMB + GAP;
  const width = A4[0] - MARGIN - x;
  line(pen, `${row.name} · ${row.serial}`, { font: pen.bold, size: 11, x, width, lines: 2 });
  line(pen, `Value: ${row.value === null ? "not recorded" : formatAmount(row.value)}`, { x, width });
  for (const fact of facts) line(pen, fact, { x, width, size: 9, lines: 3 });
  const photos = `${formatNumber(row.photoCount)} photo${row.photoCount === 1 ? "" : "s"}`;
  line(pen, row.documents.length === 0 ? `${photos}; no documents attached` : `${photos}; documents: ${row.documents.join(", ")}`, { x, width, size: 9, lines: 4 });
  pen.y = Math.min(pen.y, top - THUMB) - GAP;
}

async function embedThumb(doc: PDFDocument, bytes: Uint8Array | null): Promise<PDFImage | null> {
  if (bytes === null) return null;
  try {
    return await doc.embedJpg(bytes);
  } catch {
    return null;
  }
}

/** The report's PDF; `onProgress` hears how many items are drawn (thumbnails are fetched as it goes). */
export default async function renderInsurancePdf(
  rows: readonly ReportRow[],
  totals: ReportTotals,
  title: string,
  fonts: LabelFontSource,
  thumbnail: Thumbnail,
  onProgress: (done: number) => void,
): Promise<Uint8Array> {
  const doc = await PDFDocument.create();
  doc.setTitle(`Insurance report: ${title}`);
  doc.setCreator("TagMyThing");
  // Every text the report prints, so the fallback faces its names need are embedded.
  const texts = [title, ...totals.byLocation.map((p) => p.location), ...rows.flatMap((r) => [r.name, ...Object.values(r.cells), ...r.documents])];
  const { regular, bold } = await embedLabelFonts(doc, fonts, texts);
  const pen: Pen = { doc, page: doc.addPage(A4), y: A4[1] - MARGIN, regular, bold };
  totalsPage(pen, title, totals);
  pen.page = doc.addPage(A4);
  pen.y = A4[1] - MARGIN;
  for (const [index, row] of rows.entries()) {
    await item(pen, row, await embedThumb(doc, row.photoUrl === null ? null : await thumbnail(row.photoUrl)));
    if (index % 25 === 0) onProgress(index + 1);
  }
  onProgress(rows.length);
  return await doc.save();
}
