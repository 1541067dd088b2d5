// An audit's report as a PDF (A4): what was audited, when and by whom, the counts, then each
// result's items. Built in the browser with pdf-lib and the labels' fonts (names print in any
// script); loaded on demand, never with the page.
import { PDFDocument, type PDFPage } from "pdf-lib";
import { AUDIT_STATE_LABELS } from "../../../convex/lib/audits/rules";
import { AUDIT_ITEM_STATES, type AuditItemView, type AuditView } from "../../../convex/lib/audits/tables";
import { formatDateTime, formatNumber } from "../../lib/format";
import type { FontStack } from "../../../convex/lib/fonts/pdfText";
import { graphemes } from "../../../convex/lib/fonts/runs";
import { labelFontSource, savePdf } from "../../lib/labels/download";
import { embedLabelFonts, type LabelFontSource } from "../../lib/labels/pdf";
import { missingOf } from "./AuditParts";

const PAGE = { width: 595.28, height: 841.89 };
const MARGIN = 48;
const ROW = 14;
const SIZE = 9;
// Name, serial, registered location, scanned by: shares of the line's width.
const COLUMNS = [
  { header: "Name", share: 0.34, cell: (r: AuditItemView) => r.name },
  { header: "Serial", share: 0.2, cell: (r: AuditItemView) => r.serial },
  { header: "Registered location", share: 0.26, cell: (r: AuditItemView) => r.registeredAt ?? "" },
  { header: "Scanned by", share: 0.2, cell: (r: AuditItemView) => r.foundBy ?? "" },
];

type Fonts = { regular: FontStack; bold: FontStack };

/** `text` cut with an ellipsis to fit `width` points. */
function fit(text: string, font: FontStack, size: number, width: number): string {
  if (font.width(text, size) <= width) return text;
  let cut = text;
  while (cut.length > 0 && font.width(`${cut}…`, size) > width) cut = graphemes(cut).slice(0, -1).join("");
  return `${cut}…`;
}

class Writer {
  page: PDFPage;
  y = PAGE.height - MARGIN;
  constructor(private doc: PDFDocument, private fonts: Fonts) {
    this.page = doc.addPage([PAGE.width, PAGE.height]);
  }
  room(height: number) {
    if (this.y - height >= MARGIN) return;
    this.page = this.doc.addPage([PAGE.width, PAGE.height]);
    this.y = PAGE.height - MARGIN;
  }
  line(text: string, { size = SIZE, bold = false, gap = 1.5 } = {}) {
    this.room(size * gap);
    this.y -= size * gap;
    const font = bold ? this.fonts.bold : this.fonts.regular;
    font.draw(this.page, fit(text, font, size, PAGE.width - 2 * MARGIN), { x: MARGIN, y: this.y, size });
  }
  row(cells: string[], bold = false) {
    this.room(ROW);
    this.y -= ROW;
    const font = bold ? this.fonts.bold : this.fonts.regular;
    let x = MARGIN;
    const width = PAGE.width - 2 * MARGIN;
    COLUMNS.forEach((c, i) => {
      font.draw(this.page, fit(cells[i], font, SIZE, c.share * width - 6), { x, y: this.y, size: SIZE });
      x += c.share * width;
    });
  }
}

export async function renderAuditReportPdf(audit: AuditView, rows: readonly AuditItemView[], fontSource: LabelFontSource): Promise<Uint8Array> {
  const doc = await PDFDocument.create();
  doc.setTitle(`Audit report: ${audit.name}`);
  doc.setCreator("TagMyThing");
  const fonts = await embedLabelFonts(doc, fontSource, [audit.name, audit.startedBy, ...rows.flatMap((r) => COLUMNS.map((c) => c.cell(r)))]);
  const w = new Writer(doc, fonts);
  w.line(`Audit report: ${audit.name}`, { size: 16, bold: true });
  w.line(`Started by ${audit.startedBy}, ${formatDateTime(audit.startedAt)}${audit.endedAt === null ? "" : `; ended ${formatDateTime(audit.endedAt)}`}`, { gap: 2 });
  w.line(
    `${formatNumber(audit.expected)} expected: ${formatNumber(audit.found)} found, ${formatNumber(missingOf(audit))} missing. ` +
      `${formatNumber(audit.moved)} moved, ${formatNumber(audit.unexpected)} unexpected. ${formatNumber(audit.onLoan)} on loan (not expected).`,
  );
  for (const state of AUDIT_ITEM_STATES) {
    const ofState = rows.filter((r) => r.state === state);
    w.line(`${AUDIT_STATE_LABELS[state]} (${formatNumber(ofState.length)})`, { size: 12, bold: true, gap: 2.5 });
    if (ofState.length === 0) {
      w.line("None.");
      continue;
    }
    w.row(COLUMNS.map((c) => c.header), true);
    for (const r of ofState) w.row(COLUMNS.map((c) => c.cell(r)));
  }
  return await doc.save();
}

export default async function downloadAuditReportPdf(audit: AuditView, rows: readonly AuditItemView[], fileName: string): Promise<void> {
  savePdf(await renderAuditReportPdf(audit, rows, await labelFontSource()), fileName);
}
