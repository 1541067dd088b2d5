// Which font prints each character: text is split into runs by the first font of the fallback
// chain (faces.ts) that has the glyph, so a name mixing scripts ("山田太郎の自転車 🚲") prints
// every character, and is measured with the same runs it is drawn with. Pure: the browser's
// PDFs and the server's share it.
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

const isIgnorable = (char: string) => {
  const codePoint = char.codePointAt(0)!;
  return IGNORABLE.some(([first, last]) => codePoint >= first && codePoint <= last);
};

export type Run<F> = { text: string; font: F };

/** `text` in runs of consecutive characters `pick` gives the same font; ignorable characters left out. */
export function runsBy<F>(text: string, pick: (char: string, codePoint: number) => F): Run<F>[] {
  const runs: Run<F>[] = [];
  for (const char of text) {
    if (isIgnorable(char)) continue;
    const font = pick(char, char.codePointAt(0)!);
    const last = runs.at(-1);
    if (last !== undefined && last.font === font) last.text += char;
    else runs.push({ text: char, font });
  }
  return runs;
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
