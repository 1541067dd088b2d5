// One ownership certificate as an A5 PDF, built in the export action with pdf-lib: the
// serial, status, periods of ownership (dates, no people) and the QR to /verify that
// carries the signed facts. The PDF's standard fonts keep each file a few kilobytes and the
// build fast for 10,000 items; characters they cannot print show as "?" (the item's name in
// full is the document's title and in the export's JSON).
import { PDFDocument, rgb, StandardFonts } from "pdf-lib";
import { PRODUCT_NAME } from "../constants";
import { STATUS_LABELS } from "../assets/rules";
import { qrMatrixOnce } from "../qr/matrix";
import { drawQr } from "../qr/pdf";
import type { CertificateFacts } from "./facts";

const A5: [number, number] = [420, 595];
const MARGIN = 40;
const QR_SIZE = 150;

/** Text the standard fonts can print (WinAnsi); anything else becomes "?". */
const printable = (text: string) => text.replace(/[^\x20-\x7e\xa0-\xff]/g, "?");
const date = (at: number) => new Date(at).toISOString().slice(0, 10);

export async function renderCertificate(facts: CertificateFacts, itemName: string, url: string): Promise<Uint8Array> {
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
    page.drawText(printable(text), { x: MARGIN, y, size, font, color: rgb(0, 0, 0), maxWidth: A5[0] - 2 * MARGIN });
    y -= gap;
  };
  line(`${PRODUCT_NAME} ownership certificate`, 16, bold, 14);
  line(itemName.slice(0, 80), 13, regular, 10);
  line(`Serial number: ${facts.serial}`, 12, bold);
  line(`Status: ${STATUS_LABELS[facts.status]}`, 11);
  line(`Issued: ${date(facts.issuedAt)} (UTC)`, 11, regular, 12);
  line("Periods of ownership", 11, bold);
  const shown = facts.periods.slice(-8);
  if (shown.length < facts.periods.length) line(`(${facts.periods.length - shown.length} earlier periods on /verify)`, 9);
  for (const p of shown) line(`${date(p.from)} to ${p.to === null ? "now" : date(p.to)}`, 10, regular, 3);
  drawQr(doc, page, qrMatrixOnce(url), MARGIN, MARGIN + QR_SIZE + 30, QR_SIZE);
  y = MARGIN + 22;
  line("Scan to check this certificate is genuine and its item's status today.", 8, regular, 2);
  // All objects in one go: pdf-lib otherwise yields to a timer every 50, which costs more than the writing.
  return await doc.save({ useObjectStreams: false, objectsPerTick: Infinity });
}
