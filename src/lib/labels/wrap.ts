// Fitting text into a label's width: words wrap, words too long for a line break between
// characters, and text past the last line ends in an ellipsis, never clipped mid-glyph.

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
  for (const char of Array.from(piece)) {
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
  let last = Array.from(`${kept[maxLines - 1]} ${lines[maxLines]}`);
  while (last.length > 0 && measure(last.join("").trimEnd() + ELLIPSIS) > width) last = last.slice(0, -1);
  kept[maxLines - 1] = last.join("").trimEnd() + ELLIPSIS;
  return kept;
}
