// Which font prints each character: the first font of the fallback chain (faces.ts) that has the
// glyph, so a name mixing scripts ("山田太郎の自転車 🚲") prints every character; and where text
// may be cut (between grapheme clusters). Pure: the browser's PDFs and the server's share it.
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
