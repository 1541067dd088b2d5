// The labels as a PDF, built in the browser with pdf-lib: one page per label on label
// printers, full sheets on A4/Letter. Fonts come in as bytes (DejaVu Sans: Latin, Greek,
// Cyrillic and more; behind it, fetched only for a text that needs them, Chinese and Japanese,
// Korean and emoji: convex/lib/fonts), subset into the file, so names print in the owner's own script.
import { PDFDocument, type PDFPage } from "pdf-lib";
import { labelPosition, paginate, type LabelFormat } from "./formats";
import { labelTexts, type Label } from "./label";
import { labelLayout, LINE_HEIGHT, MM_TO_PT, serialLines, type LabelLayout } from "./layout";
import { qrMatrix } from "../../../convex/lib/qr/matrix";
import { drawQr } from "../../../convex/lib/qr/pdf";
import { embedFont, FontStack, fontStackFor, type LoadFace } from "../../../convex/lib/fonts/pdfText";
import { fitName, wrapText } from "./wrap";

type Bytes = Uint8Array | ArrayBuffer;
/** DejaVu Sans regular and bold, and how to get a fallback face should a text need one. */
export type LabelFontSource = { regular: Bytes; bold: Bytes; load: LoadFace };
type Fonts = { regular: FontStack; bold: FontStack };
type Line = { text: string; size: number; font: FontStack };

/** The serial's lines (layout.ts), made smaller still should this font run wider than estimated. */
function serialText(serial: string, layout: LabelLayout, scale: number, font: FontStack): Line[] {
  const { lines, size } = serialLines(serial, layout.text.width, layout.serialSize * scale);
  const width = layout.text.width * MM_TO_PT;
  const widest = Math.max(...lines.map((line) => font.width(line, size)));
  const fitted = widest > width ? (size * width) / widest : size;
  return lines.map((text) => ({ text, size: fitted, font }));
}

function nameLines(name: string, width: number, preferred: number, font: FontStack): Line[] {
  const fitted = fitName(name, width, preferred, (text) => font.width(text, 1));
  return fitted.lines.map((text) => ({ text, size: fitted.size, font }));
}

function textLines(label: Label, layout: LabelLayout, fonts: Fonts, scale: number): Line[] {
  const width = layout.text.width * MM_TO_PT;
  const fit = (text: string, size: number, font: FontStack, maxLines: number): Line[] =>
    wrapText(text, width, maxLines, (t) => font.width(t, size)).map((line) => ({ text: line, size, font }));
  return [
    ...fit(label.caption, layout.captionSize * scale, fonts.regular, 1),
    ...nameLines(label.name, width, layout.nameSize * scale, fonts.regular),
    ...(label.lines ?? []).flatMap((line) => fit(line, layout.captionSize * scale, fonts.regular, 1)),
    ...serialText(label.serial, layout, scale, fonts.bold),
  ];
}

const blockHeight = (lines: Line[]) => lines.reduce((sum, line) => sum + line.size * LINE_HEIGHT, 0);

/** A line placed in the label: (x, top) in points from the label's top-left corner. */
type PlacedLine = Line & { x: number; top: number; width: number };

/**
 * The label's text lines, placed: centred in the text box vertically, type made smaller
 * when two lines of name and serial would not fit its height.
 */
export function placeText(label: Label, layout: LabelLayout, fonts: Fonts): PlacedLine[] {
  const boxHeight = layout.text.height * MM_TO_PT;
  let lines = textLines(label, layout, fonts, 1);
  for (let scale = 0.9; blockHeight(lines) > boxHeight && scale > 0.4; scale -= 0.1) {
    lines = textLines(label, layout, fonts, scale);
  }
  const boxWidth = layout.text.width * MM_TO_PT;
  let top = layout.text.y * MM_TO_PT + Math.max(0, (boxHeight - blockHeight(lines)) / 2);
  return lines.map((line) => {
    const width = line.font.width(line.text, line.size);
    const offset = layout.text.align === "center" ? (boxWidth - width) / 2 : 0;
    const placed = { ...line, x: layout.text.x * MM_TO_PT + offset, top, width };
    top += line.size * LINE_HEIGHT;
    return placed;
  });
}

/** One label with its top-left corner at (left, top) in PDF points (origin bottom-left). */
function drawLabel(doc: PDFDocument, page: PDFPage, label: Label, layout: LabelLayout, fonts: Fonts, left: number, top: number) {
  drawQr(doc, page, qrMatrix(label.url), left + layout.qr.x * MM_TO_PT, top - layout.qr.y * MM_TO_PT, layout.qr.size * MM_TO_PT);
  for (const line of placeText(label, layout, fonts)) {
    // The baseline sits a quarter of the size above the line's bottom, leaving room for descenders.
    const baseline = top - line.top - line.size * LINE_HEIGHT + line.size * 0.25;
    line.font.draw(page, line.text, { x: left + line.x, y: baseline, size: line.size });
  }
}

/**
 * Embeds the fonts `texts` need (subset: only the glyphs used end up in the file): DejaVu Sans,
 * and behind the regular one the fallback faces for characters it lacks, loaded only then.
 */
export async function embedLabelFonts(doc: PDFDocument, source: LabelFontSource, texts: Iterable<string>): Promise<Fonts> {
  const [regular, bold] = await Promise.all([embedFont(doc, source.regular), embedFont(doc, source.bold)]);
  return { regular: await fontStackFor(doc, regular, texts, source.load), bold: new FontStack(bold) };
}

/** The labels' PDF; a null is a position left blank (the used part of a sheet). */
export async function renderLabelsPdf(labels: readonly (Label | null)[], format: LabelFormat, fontSource: LabelFontSource): Promise<Uint8Array> {
  const doc = await PDFDocument.create();
  doc.setTitle(`Labels (${labels.filter((label) => label !== null).length})`);
  doc.setCreator("TagMyThing");
  const fonts = await embedLabelFonts(doc, fontSource, labels.flatMap((label) => (label === null ? [] : labelTexts(label))));
  const layout = labelLayout(format.label);
  const pageWidth = format.page.width * MM_TO_PT;
  const pageHeight = format.page.height * MM_TO_PT;
  for (const items of paginate(format, labels)) {
    const page = doc.addPage([pageWidth, pageHeight]);
    items.forEach((label, index) => {
      if (label === null) return;
      const at = labelPosition(format, index);
      drawLabel(doc, page, label, layout, fonts, at.x * MM_TO_PT, pageHeight - at.y * MM_TO_PT);
    });
  }
  return await doc.save();
}
