// Text widths for the on-screen label (LabelView), in em (a text's width at 1 pt, in pt), so its
// name fits as in the PDF (fitName). The browser measures the preview's own font where it can;
// without a canvas (tests) an estimate stands in. The PDF measures its embedded font itself.
// A word is measured whole, as the canvas shapes it (Arabic letters joined, an emoji sequence
// as one glyph), the way the PDF measures its shaped runs.

import { labelLayout, MM_TO_PT, type LabelBox } from "./layout";
import { fitName, type FittedName } from "./wrap";
import { graphemes } from "../../../convex/lib/fonts/runs";

export const LABEL_FONT_FAMILY = "'DejaVu Sans', Verdana, Arial, sans-serif";

const SAMPLE_PX = 100;
let context: OffscreenCanvasRenderingContext2D | null | undefined;
const widths = new Map<string, number>();

function canvas(): OffscreenCanvasRenderingContext2D | null {
  if (context === undefined) {
    context = typeof OffscreenCanvas === "undefined" ? null : new OffscreenCanvas(1, 1).getContext("2d");
    if (context) context.font = `${SAMPLE_PX}px ${LABEL_FONT_FAMILY}`;
  }
  return context;
}

// Roughly DejaVu Sans's advances: wide capitals, full-width CJK and emoji.
function estimate(char: string): number {
  const code = char.codePointAt(0) ?? 0;
  if (code >= 0x1100 && (code <= 0x115f || (code >= 0x2e80 && code <= 0xa4cf) || (code >= 0xac00 && code <= 0xd7a3) || (code >= 0xf900 && code <= 0xfaff) || (code >= 0xff00 && code <= 0xff60) || code >= 0x1f300)) return 1;
  if (char === " ") return 0.32;
  if (/[A-Z0-9]/.test(char)) return 0.7;
  return 0.6;
}

/** The width of `text` at 1 pt, in pt. */
function previewWidth(text: string): number {
  let width = 0;
  for (const word of text.split(/( +)/)) {
    let advance = widths.get(word);
    if (advance === undefined) {
      const ctx = canvas();
      advance = ctx ? ctx.measureText(word).width / SAMPLE_PX : graphemes(word).reduce((sum, cluster) => sum + estimate(cluster), 0);
      widths.set(word, advance);
    }
    width += advance;
  }
  return width;
}

/** The label's name as it shows on `box`: smaller, wrapped, or ending in "…" (fitName). */
export function previewName(name: string, box: LabelBox): FittedName {
  const layout = labelLayout(box);
  return fitName(name, layout.text.width * MM_TO_PT, layout.nameSize, previewWidth);
}
