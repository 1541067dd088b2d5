// One ownership certificate as an A5 PDF, built in the export action with pdf-lib: the
// serial, status, periods of ownership (dates, no people) and the QR to /verify that
// carries the signed facts. The PDF's standard fonts keep each file a few kilobytes and the
// build fast for 10,000 items; an item name with characters they lack (Cyrillic, Chinese,
// Korean, emoji…) prints them with the app's fallback fonts (lib/fonts), embedded as subsets
// in that certificate only.
import { PDFDocument, rgb, StandardFonts } from "pdf-lib";
import { fontStackFor, type LoadFace } from "../fonts/pdfText";
import { PRODUCT_NAME } from "../constants";
import { STATUS_LABELS } from "../assets/rules";
import { qrMatrixOnce } from "../qr/matrix";
import { drawQr } from "../qr/pdf";
import type { CertificateFacts } from "./facts";

const A5: [number, number] = [420, 595];
const MARGIN = 40;
const QR_SIZE = 150;

const NAME_SIZE = 13;
const NAME_MIN = 8;
const date = (at: number) => new Date(at).toISOString().slice(0, 10);

/** `load` brings a fallback font, only ever asked for when the item's name needs one. */
export async function renderCertificate(facts: CertificateFacts, itemName: string, url: string, load: LoadFace): Promise<Uint8Array> {
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
  while (name.width(shown, nameSize) > width) shown = `${Array.from(shown).slice(0, -2).join("")}…`;
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
