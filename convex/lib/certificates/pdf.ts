// One ownership certificate as an A5 PDF: the serial, status, periods of ownership (dates,
// no people) and the QR to /verify that carries the signed facts. An export writes thousands
// in a row, so the file is put together from a template: the catalog, page and the two
// standard fonts (Helvetica, never embedded) are the same bytes every time and only the text,
// the QR and the document's title change. pdf-lib measures and encodes the text (its
// Helvetica metrics and WinAnsi encoding, the fonts' own). Building a whole pdf-lib document
// per certificate cost about 6 ms each, most of it laying out and saving objects that never
// change; this costs a fraction of a millisecond (bench/export.mjs prints the export's time).
// Characters the standard fonts cannot print show as "?" (the item's name in full is the
// document's title and in the export's JSON).
import { zlibSync } from "fflate";
import { breakTextIntoLines, StandardFontEmbedder, StandardFonts } from "pdf-lib";
import { PRODUCT_NAME } from "../constants";
import { STATUS_LABELS } from "../assets/rules";
import { qrMatrixOnce, QR_MARGIN } from "../qr/matrix";
import type { CertificateFacts } from "./facts";

const A5: [number, number] = [420, 595];
const MARGIN = 40;
const QR_SIZE = 150;
const TEXT_WIDTH = A5[0] - 2 * MARGIN;

// pdf-lib types the embedder's font name with its metrics package's enum, the same strings as StandardFonts.
const metrics = (font: StandardFonts) => StandardFontEmbedder.for(font as unknown as Parameters<typeof StandardFontEmbedder.for>[0]);
const FONTS = { regular: metrics(StandardFonts.Helvetica), bold: metrics(StandardFonts.HelveticaBold) };
type Font = keyof typeof FONTS;
const FONT_NAME: Record<Font, string> = { regular: "F1", bold: "F2" };

/** Text the standard fonts can print (WinAnsi); anything else becomes "?". */
const printable = (text: string) => text.replace(/[^\x20-\x7e\xa0-\xff]/g, "?");
const date = (at: number) => new Date(at).toISOString().slice(0, 10);
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
    const measure = (t: string) => FONTS[font].widthOfTextAtSize(t, size);
    const clean = printable(text);
    // Most lines fit: only a long one is broken at its spaces.
    for (const part of measure(clean) <= TEXT_WIDTH ? [clean] : breakTextIntoLines(clean, [" "], TEXT_WIDTH, measure)) {
      y -= size;
      ops.push(`BT /${FONT_NAME[font]} ${size} Tf 1 0 0 1 ${MARGIN} ${y} Tm ${FONTS[font].encodeText(part).toString()} Tj ET`);
    }
    y -= gap;
  };
  line(`${PRODUCT_NAME} ownership certificate`, 16, "bold", 14);
  line(itemName.slice(0, 80), 13, "regular", 10);
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

export function renderCertificate(facts: CertificateFacts, itemName: string, url: string): Uint8Array {
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
