// The labels as a PDF, built in the browser with pdf-lib: one page per label on label
// printers, full sheets on A4/Letter. Fonts come in as bytes (DejaVu Sans: Latin, Greek,
// Cyrillic and more), subset into the file, so names print in the owner's own script.
import fontkit from "@pdf-lib/fontkit";
import {
  PDFDocument,
  rgb,
  type PDFFont,
  type PDFPage,
} from "pdf-lib";
import { labelPosition, paginate, type LabelFormat } from "./formats";
import type { Label } from "./label";
import { labelLayout, LINE_HEIGHT, MM_TO_PT, serialLines, type LabelLayout } from "./layout";
import { qrMatrix } from "../../../convex/lib/qr/matrix";
import { drawQr } from "../../../convex/lib/qr/pdf";
import { fitName, wrapText } from "./wrap";

type LabelFonts = { regular: Uint8Array | ArrayBuffer; bold: Uint8Array | ArrayBuffer };
type Fonts = { regular: PDFFont; bold: PDFFont };
type Line = { text: string; size: number; font: PDFFont };

// Text is measured character by character from a per-font cache: the PDF places glyphs by
// their advance widths alone, so the sum is what prints, and fontkit's layout (slow) runs
// once per character instead of once per trial line while wrapping.
const advances = new WeakMap<PDFFont, Map<string, number>>();

export function widthOf(font: PDFFont, text: string, size: number): number {
  let cache = advances.get(font);
  if (cache === undefined) advances.set(font, (cache = new Map()));
  let width = 0;
  for (const char of text) {
    let advance = cache.get(char);
    if (advance === undefined) cache.set(char, (advance = font.widthOfTextAtSize(char, 1)));
    width += advance;
  }
  return width * size;
}

/** The serial's lines (layout.ts), made smaller still should this font run wider than estimated. */
function serialText(serial: string, layout: LabelLayout, scale: number, font: PDFFont): Line[] {
  const { lines, size } = serialLines(serial, layout.text.width, layout.serialSize * scale);
  const width = layout.text.width * MM_TO_PT;
  const widest = Math.max(...lines.map((line) => widthOf(font, line, size)));
  const fitted = widest > width ? (size * width) / widest : size;
  return lines.map((text) => ({ text, size: fitted, font }));
}

function nameLines(name: string, width: number, preferred: number, font: PDFFont): Line[] {
  const fitted = fitName(name, width, preferred, (text) => widthOf(font, text, 1));
  return fitted.lines.map((text) => ({ text, size: fitted.size, font }));
}

function textLines(label: Label, layout: LabelLayout, fonts: Fonts, scale: number): Line[] {
  const width = layout.text.width * MM_TO_PT;
  const fit = (text: string, size: number, font: PDFFont, maxLines: number): Line[] =>
    wrapText(text, width, maxLines, (t) => widthOf(font, t, size)).map((line) => ({ text: line, size, font }));
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
    const width = widthOf(line.font, line.text, line.size);
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
    page.drawText(line.text, { x: left + line.x, y: baseline, size: line.size, font: line.font, color: rgb(0, 0, 0) });
  }
}

/** Embeds the fonts (subset: only the glyphs the labels use end up in the file). */
export async function embedLabelFonts(doc: PDFDocument, bytes: LabelFonts): Promise<Fonts> {
  doc.registerFontkit(fontkit);
  return {
    regular: await doc.embedFont(bytes.regular, { subset: true }),
    bold: await doc.embedFont(bytes.bold, { subset: true }),
  };
}

/** The labels' PDF; a null is a position left blank (the used part of a sheet). */
export async function renderLabelsPdf(labels: readonly (Label | null)[], format: LabelFormat, fontBytes: LabelFonts): Promise<Uint8Array> {
  const doc = await PDFDocument.create();
  doc.setTitle(`Labels (${labels.filter((label) => label !== null).length})`);
  doc.setCreator("TagMyThing");
  const fonts = await embedLabelFonts(doc, fontBytes);
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
