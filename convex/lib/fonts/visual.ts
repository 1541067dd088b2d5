// The order a line of text prints in: a name in Arabic or Hebrew, or mixing them with Latin
// ("Bike דגם 3", "ساعة Rolex 2024"), is split into runs of one font and one direction, put in
// visual order. Pure: the browser's PDFs and the server's share it (lib/fonts/pdfText.ts).
import bidiFactory, { type BidiCharTypeName } from "bidi-js";
import { graphemes } from "./runs";

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

// Characters of the right-to-left scripts (Hebrew to N'Ko and beyond, their presentation forms,
// Arabic digits), right-to-left marks and embeddings, and the supplementary right-to-left blocks.
// A line without any is all left to right, and is spared the algorithm.
const RIGHT_TO_LEFT = /[\u0590-\u08ff\ufb1d-\ufdff\ufe70-\ufefc\u200f\u202b\u202e\u2067]|[\ud802\ud803\ud83a\ud83b]/;

function embeddingLevels(text: string): Uint8Array {
  if (!RIGHT_TO_LEFT.test(text)) return new Uint8Array(text.length);
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

