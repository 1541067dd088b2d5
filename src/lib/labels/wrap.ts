// Fitting text into a label's width: words wrap, words too long for a line break between
// characters, and text past the last line ends in an ellipsis, never clipped mid-glyph. A name
// shrinks and wraps before it is shortened (fitName): the PDF and the preview both use it.
// Text is cut only between grapheme clusters, so a flag, a family emoji or a letter with its
// marks is never split (or half-printed before the "…").
import { graphemes } from "../../../convex/lib/fonts/runs";

type Measure = (text: string) => number;

const ELLIPSIS = "…";

/** Pieces that may start a new line: words (with their trailing space) and hyphenated parts. */
function pieces(text: string): string[] {
  return text.match(/[^\s-]*-+|[^\s-]+\s*|\s+/g) ?? [];
}

/** Splits a piece wider than the line into chunks that fit (at least one character each). */
function breakPiece(piece: string, width: number, measure: Measure): string[] {
  const chunks: string[] = [];
  let chunk = "";
  for (const char of graphemes(piece)) {
    if (chunk !== "" && measure(chunk + char) > width) {
      chunks.push(chunk);
      chunk = "";
    }
    chunk += char;
  }
  if (chunk !== "") chunks.push(chunk);
  return chunks;
}

/** Every line the text needs at `width`, without a limit. */
function allLines(text: string, width: number, measure: Measure): string[] {
  const lines: string[] = [];
  let line = "";
  for (const piece of pieces(text.replace(/\s+/g, " ").trim())) {
    if (measure((line + piece).trimEnd()) <= width) {
      line += piece;
      continue;
    }
    if (line.trim() !== "") lines.push(line.trimEnd());
    if (measure(piece.trimEnd()) <= width) {
      line = piece.trimStart();
      continue;
    }
    const chunks = breakPiece(piece.trim(), width, measure);
    lines.push(...chunks.slice(0, -1));
    line = (chunks.at(-1) ?? "") + (piece.endsWith(" ") ? " " : "");
  }
  if (line.trim() !== "") lines.push(line.trimEnd());
  return lines;
}

/** At most `maxLines` lines no wider than `width`; the last ends in "…" when text was left out. */
export function wrapText(text: string, width: number, maxLines: number, measure: Measure): string[] {
  const lines = allLines(text, width, measure);
  if (lines.length <= maxLines) return lines;
  const kept = lines.slice(0, maxLines);
  let last = graphemes(`${kept[maxLines - 1]} ${lines[maxLines]}`);
  while (last.length > 0 && measure(last.join("").trimEnd() + ELLIPSIS) > width) last = last.slice(0, -1);
  kept[maxLines - 1] = last.join("").trimEnd() + ELLIPSIS;
  return kept;
}

/** The smallest type a name shrinks to (pt) before it is shortened with "…". */
export const MIN_NAME_PT = 5;
const SIZE_STEP_PT = 0.5;

/** A name as it prints: its lines, its size (pt), and whether it had to end in "…". */
export type FittedName = { lines: string[]; size: number; truncated: boolean };

/**
 * The name in the height two lines of `preferred` type take: at `preferred` size on up to two
 * lines, else smaller, half a point at a time down to MIN_NAME_PT, on as many lines as that
 * height then holds; only what still does not fit at the smallest size ends in "…".
 * `measure` is a text's width at 1 pt, in the units of `width`.
 */
export function fitName(name: string, width: number, preferred: number, measure: Measure): FittedName {
  const smallest = Math.min(preferred, MIN_NAME_PT);
  const linesAt = (size: number) => Math.max(1, Math.floor((2 * preferred) / size + 1e-9));
  for (let size = preferred; size >= smallest - 1e-9; size -= SIZE_STEP_PT) {
    const lines = allLines(name, width, (text) => measure(text) * size);
    if (lines.length <= linesAt(size)) return { lines, size, truncated: false };
  }
  const lines = wrapText(name, width, linesAt(smallest), (text) => measure(text) * smallest);
  return { lines, size: smallest, truncated: true };
}
