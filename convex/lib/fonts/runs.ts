// Which font prints each character, and in which order: text is split into runs by the first
// font of the fallback chain (faces.ts) that has the glyph, so a name mixing scripts
// ("山田太郎の自転車 🚲") prints every character, and by direction, so a name in Arabic or
// Hebrew, or mixing them with Latin ("Bike דגם 3"), prints in the order it reads. A run is
// measured with the glyphs it is drawn with. Pure: the browser's PDFs and the server's share it.
import bidiFactory, { type BidiCharTypeName } from "bidi-js";
import { FACE_RANGES } from "./coverage";
import { FALLBACK_FACES, type FallbackFace } from "./faces";

/** The first face of the fallback chain with a glyph for `codePoint`, or null when none has one. */
export function faceOf(codePoint: number): FallbackFace | null {
  let low = 0;
  let high = FACE_RANGES.length / 3 - 1;
  while (low <= high) {
    const mid = (low + high) >> 1;
    if (codePoint < FACE_RANGES[mid * 3]!) high = mid - 1;
    else if (codePoint > FACE_RANGES[mid * 3 + 1]!) low = mid + 1;
    else return FALLBACK_FACES[FACE_RANGES[mid * 3 + 2]!]!;
  }
  return null;
}

// Invisible format characters (zero-width space and joiners, direction marks, variation
// selectors, tags): nothing to print, so no font is asked for them.
const IGNORABLE: readonly (readonly [number, number])[] = [
  [0x200b, 0x200f],
  [0x2060, 0x2060],
  [0xfe00, 0xfe0f],
  [0xfeff, 0xfeff],
  [0xe0000, 0xe007f],
  [0xe0100, 0xe01ef],
];

export const isIgnorable = (char: string) => {
  const codePoint = char.codePointAt(0)!;
  return IGNORABLE.some(([first, last]) => codePoint >= first && codePoint <= last);
};

const segmenter = new Intl.Segmenter(undefined, { granularity: "grapheme" });

/** `text` in user-perceived characters: a flag, a family emoji, a letter with its marks stay whole. */
export const graphemes = (text: string): string[] => Array.from(segmenter.segment(text), (part) => part.segment);

const bidi = bidiFactory();

// bidi-js classifies a string by UTF-16 unit, so the halves of a character beyond the BMP (an
// emoji, say) read as strong left-to-right letters and pull neighbouring text out of a
// right-to-left line. Such a character is handed to it as two BMP characters of its own class.
const STAND_INS: Partial<Record<BidiCharTypeName, string>> = {
  R: "\u05d0",
  AL: "\u0627",
  EN: "0",
  AN: "\u0660",
  ES: "+",
  ET: "$",
  CS: ",",
  NSM: "\u0300",
  BN: "\u200b",
  WS: " ",
  ON: "!",
};

function embeddingLevels(text: string): Uint8Array {
  let units = "";
  for (const char of text) units += char.length === 1 ? char : (STAND_INS[bidi.getBidiCharTypeName(char)] ?? "a").repeat(2);
  return bidi.getEmbeddingLevels(units, "auto").levels;
}

/** A run of one font and one direction; its text in reading order (an rtl run is laid out right to left). */
export type Run<F> = { text: string; font: F; rtl: boolean };

/**
 * `text` as one line of it prints, in runs from left to right: the Unicode Bidirectional
 * Algorithm gives each character its direction (the line's own from its first letter, as
 * dir="auto" does), runs are cut where the font or the direction changes and put in visual
 * order (rule L2); brackets in a right-to-left run are mirrored. `pick` gives the font of a
 * whole grapheme cluster, so a flag or a family emoji is never split between fonts.
 */
export function visualRuns<F>(text: string, pick: (cluster: string) => F): Run<F>[] {
  const levels = embeddingLevels(text);
  const runs: (Run<F> & { level: number })[] = [];
  let at = 0;
  for (const cluster of graphemes(text)) {
    const level = levels[at]!;
    at += cluster.length;
    const font = pick(cluster);
    const last = runs.at(-1);
    if (last !== undefined && last.font === font && last.level === level) last.text += cluster;
    else runs.push({ text: cluster, font, level, rtl: level % 2 === 1 });
  }
  const highest = Math.max(0, ...runs.map((run) => run.level));
  const lowestOdd = Math.min(highest + 1, ...runs.map((run) => run.level).filter((level) => level % 2 === 1));
  for (let level = highest; level >= lowestOdd; level--) {
    for (let start = 0; start < runs.length; start++) {
      if (runs[start]!.level < level) continue;
      let end = start;
      while (end + 1 < runs.length && runs[end + 1]!.level >= level) end++;
      runs.splice(start, end - start + 1, ...runs.slice(start, end + 1).reverse());
      start = end;
    }
  }
  return runs.map(({ text: runText, font, rtl }) => ({
    font,
    rtl,
    text: rtl ? Array.from(runText, (char) => bidi.getMirroredCharacter(char) ?? char).join("") : runText,
  }));
}

/** The faces `texts` need for the characters `base` (the document's first font) lacks. */
export function facesFor(texts: Iterable<string>, base: (codePoint: number) => boolean): Set<FallbackFace> {
  const faces = new Set<FallbackFace>();
  for (const text of texts) {
    for (const char of text) {
      const codePoint = char.codePointAt(0)!;
      if (base(codePoint) || isIgnorable(char)) continue;
      const face = faceOf(codePoint);
      if (face !== null) faces.add(face);
    }
  }
  return faces;
}

/** The characters of `texts` that no font has (they print as "?"), each once, in order. */
export function missingChars(texts: Iterable<string>): string[] {
  const missing = new Set<string>();
  for (const text of texts) {
    for (const char of text) if (!isIgnorable(char) && faceOf(char.codePointAt(0)!) === null) missing.add(char);
  }
  return [...missing];
}
