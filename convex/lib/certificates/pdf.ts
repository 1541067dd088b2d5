// One ownership certificate as an A5 PDF: the serial, status, periods of ownership (dates,
// no people) and the QR to /verify that carries the signed facts. An export writes thousands
// in a row, so a certificate whose text the standard fonts (Helvetica, WinAnsi) can print is put
// together from a template: the catalog, page and font objects are the same bytes every time
// and only the text, the QR and the document's title change, with pdf-lib measuring and
// encoding the text. That costs about a third of building a pdf-lib document (bench/export.mjs).
// An item name with characters they lack (Cyrillic, Chinese, Korean, emoji…) is built as a
// pdf-lib document instead, printing it with the app's fallback fonts (lib/fonts) embedded as
// subsets in that certificate only.
import { zlibSync } from "fflate";
import { PDFDocument, rgb, StandardFontEmbedder, StandardFonts } from "pdf-lib";
import { fontStackFor, type LoadFace } from "../fonts/pdfText";
import { graphemes } from "../fonts/runs";
import { PRODUCT_NAME } from "../constants";
import { STATUS_LABELS } from "../assets/rules";
import { qrMatrixOnce, QR_MARGIN } from "../qr/matrix";
import { drawQr } from "../qr/pdf";
import type { CertificateFacts } from "./facts";

const A5: [number, number] = [420, 595];
const MARGIN = 40;
const QR_SIZE = 150;
const TEXT_WIDTH = A5[0] - 2 * MARGIN;
const NAME_SIZE = 13;
const NAME_MIN = 8;
const date = (at: number) => new Date(at).toISOString().slice(0, 10);

// pdf-lib types the embedder's font name with its metrics package's enum, the same strings as StandardFonts.
const metrics = (font: StandardFonts) => StandardFontEmbedder.for(font as unknown as Parameters<typeof StandardFontEmbedder.for>[0]);
const FONTS = { regular: metrics(StandardFonts.Helvetica), bold: metrics(StandardFonts.HelveticaBold) };
type Font = keyof typeof FONTS;
const FONT_NAME: Record<Font, string> = { regular: "F1", bold: "F2" };

/** Text the standard fonts print (WinAnsi): the template's case. */
const PRINTABLE = /^[\x20-\x7e\xa0-\xff]*$/;
const ascii = (text: string) => new TextEncoder().encode(text);

/** A PDF text string: ASCII as a literal, anything else as UTF-16BE hex with its byte-order mark. */
function pdfString(text: string): string {
  if (/^[\x20-\x7e]*$/.test(text)) return `(${text.replace(/[\\()]/g, (c) => `\\${c}`)})`;
  let hex = "FEFF";
  for (let i = 0; i < text.length; i++) hex += text.charCodeAt(i).toString(16).padStart(4, "0");
  return `<${hex}>`;
}

/** The objects every certificate shares: 1 catalog, 2 pages, 3 page (contents 7, QR 6), 4 and 5 fonts. */
const TEMPLATE = [
  "<< /Type /Catalog /Pages 2 0 R >>",
  "<< /Type /Pages /Kids [3 0 R] /Count 1 >>",
  `<< /Type /Page /Parent 2 0 R /MediaBox [0 0 ${A5[0]} ${A5[1]}] /Resources << /Font << /F1 4 0 R /F2 5 0 R >> /XObject << /QR 6 0 R >> >> /Contents 7 0 R >>`,
  "<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica /Encoding /WinAnsiEncoding >>",
  "<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica-Bold /Encoding /WinAnsiEncoding >>",
].map((body, i) => ascii(`${i + 1} 0 obj\n${body}\nendobj\n`));
const HEADER = new Uint8Array([...ascii("%PDF-1.7\n%"), 0xe2, 0xe3, 0xcf, 0xd3, 0x0a]);

function stream(n: number, dict: string, data: Uint8Array): Uint8Array[] {
  return [ascii(`${n} 0 obj\n<< ${dict} /Length ${data.length} >>\nstream\n`), data, ascii("\nendstream\nendobj\n")];
}

/** The page's text, top down, as content-stream operators. */
function pageText(facts: CertificateFacts, itemName: string): string {
  const ops: string[] = [];
  let y = A5[1] - MARGIN;
  const line = (text: string, size: number, font: Font = "regular", gap = 6) => {
    y -= size;
    ops.push(`BT /${FONT_NAME[font]} ${size} Tf 1 0 0 1 ${MARGIN} ${y} Tm ${FONTS[font].encodeText(text).toString()} Tj ET`);
    y -= gap;
  };
  line(`${PRODUCT_NAME} ownership certificate`, 16, "bold", 14);
  // The name on one line, as withFallbackFonts sets it: smaller type for a long one, then cut with "…".
  const width = (text: string, size: number) => FONTS.regular.widthOfTextAtSize(text, size);
  const nameSize = Math.max(NAME_MIN, Math.min(NAME_SIZE, (NAME_SIZE * TEXT_WIDTH) / Math.max(width(itemName, NAME_SIZE), 1)));
  let name = itemName;
  while (width(name, nameSize) > TEXT_WIDTH) name = `${name.slice(0, -2)}…`;
  line(name, nameSize, "regular", 10);
  line(`Serial number: ${facts.serial}`, 12, "bold");
  line(`Status: ${STATUS_LABELS[facts.status]}`, 11);
  line(`Issued: ${date(facts.issuedAt)} (UTC)`, 11, "regular", 12);
  line("Periods of ownership", 11, "bold");
  const shown = facts.periods.slice(-8);
  if (shown.length < facts.periods.length) line(`(${facts.periods.length - shown.length} earlier periods on /verify)`, 9);
  for (const p of shown) line(`${date(p.from)} to ${p.to === null ? "now" : date(p.to)}`, 10, "regular", 3);
  y = MARGIN + 22;
  line("Scan to check this certificate is genuine and its item's status today.", 8, "regular", 2);
  return ops.join("\n");
}

function fromTemplate(facts: CertificateFacts, itemName: string, url: string): Uint8Array {
  // The QR as a form drawn scaled into place: one rectangle per run of dark modules, in module units.
  const matrix = qrMatrixOnce(url);
  const extent = matrix.size + 2 * QR_MARGIN;
  const rects = matrix.runs.map(([row, column, length]) => `${column + QR_MARGIN} ${extent - row - QR_MARGIN - 1} ${length} 1 re`).join("\n");
  const scale = QR_SIZE / extent;
  const content = `${pageText(facts, itemName)}\nq ${scale} 0 0 ${scale} ${MARGIN} ${MARGIN + 30} cm /QR Do Q`;
  const info = `<< /Title ${pdfString(`Ownership certificate ${facts.serial}: ${itemName}`)} /Creator ${pdfString(PRODUCT_NAME)} /Subject ${pdfString(url)} >>`;
  const objects = [
    ...TEMPLATE.map((o) => [o]),
    stream(6, `/Type /XObject /Subtype /Form /BBox [0 0 ${extent} ${extent}] /Filter /FlateDecode`, zlibSync(ascii(`0 g\n${rects}\nf\n`), { level: 1 })),
    stream(7, "/Filter /FlateDecode", zlibSync(ascii(content), { level: 1 })),
    [ascii(`8 0 obj\n${info}\nendobj\n`)],
  ];
  const chunks: Uint8Array[] = [HEADER];
  const offsets: number[] = [];
  let at = HEADER.length;
  for (const object of objects) {
    offsets.push(at);
    for (const c of object) {
      chunks.push(c);
      at += c.length;
    }
  }
  const xref = `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n${offsets.map((o) => `${String(o).padStart(10, "0")} 00000 n \n`).join("")}`;
  chunks.push(ascii(`${xref}trailer\n<< /Size ${objects.length + 1} /Root 1 0 R /Info 8 0 R >>\nstartxref\n${at}\n%%EOF\n`));
  const out = new Uint8Array(at + chunks[chunks.length - 1].length);
  let o = 0;
  for (const c of chunks) {
    out.set(c, o);
    o += c.length;
  }
  return out;
}

/** `load` brings a fallback font, only ever asked for when the item's name needs one. */
export async function renderCertificate(facts: CertificateFacts, itemName: string, url: string, load: LoadFace): Promise<Uint8Array> {
  return PRINTABLE.test(itemName) ? fromTemplate(facts, itemName, url) : await withFallbackFonts(facts, itemName, url, load);
}

/** A certificate as a pdf-lib document, for a name the standard fonts cannot print. */
async function withFallbackFonts(facts: CertificateFacts, itemName: string, url: string, load: LoadFace): Promise<Uint8Array> {
  const doc = await PDFDocument.create({ updateMetadata: false });
  doc.setTitle(`Ownership certificate ${facts.serial}: ${itemName}`);
  doc.setCreator(PRODUCT_NAME);
  doc.setSubject(url);
  const page = doc.addPage(A5);
  const regular = await doc.embedFont(StandardFonts.Helvetica);
  const bold = await doc.embedFont(StandardFonts.HelveticaBold);
  let y = A5[1] - MARGIN;
  const line = (text: string, size: number, font = regular, gap = 6) => {
    y -= size;
    page.drawText(text, { x: MARGIN, y, size, font, color: rgb(0, 0, 0) });
    y -= gap;
  };
  line(`${PRODUCT_NAME} ownership certificate`, 16, bold, 14);
  // The name on one line: smaller type for a long one, then cut with "…" (the whole name is the title).
  const name = await fontStackFor(doc, regular, [itemName], load);
  const width = A5[0] - 2 * MARGIN;
  let shown = itemName;
  const nameSize = Math.max(NAME_MIN, Math.min(NAME_SIZE, (NAME_SIZE * width) / name.width(itemName, NAME_SIZE)));
  while (name.width(shown, nameSize) > width) shown = `${graphemes(shown).slice(0, -2).join("")}…`;
  y -= nameSize;
  name.draw(page, shown, { x: MARGIN, y, size: nameSize });
  y -= 10;
  line(`Serial number: ${facts.serial}`, 12, bold);
  line(`Status: ${STATUS_LABELS[facts.status]}`, 11);
  line(`Issued: ${date(facts.issuedAt)} (UTC)`, 11, regular, 12);
  line("Periods of ownership", 11, bold);
  const periods = facts.periods.slice(-8);
  if (periods.length < facts.periods.length) line(`(${facts.periods.length - periods.length} earlier periods on /verify)`, 9);
  for (const p of periods) line(`${date(p.from)} to ${p.to === null ? "now" : date(p.to)}`, 10, regular, 3);
  drawQr(doc, page, qrMatrixOnce(url), MARGIN, MARGIN + QR_SIZE + 30, QR_SIZE);
  y = MARGIN + 22;
  line("Scan to check this certificate is genuine and its item's status today.", 8, regular, 2);
  // All objects in one go: pdf-lib otherwise yields to a timer every 50, which costs more than the writing.
  return await doc.save({ useObjectStreams: false, objectsPerTick: Infinity });
}
