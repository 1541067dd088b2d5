// The fonts every PDF the app makes may print with, written once: the labels and the audit
// report (in the browser) and the ownership certificates (in the export action) fetch them
// from the web app at /fonts/<file>; build/fonts.ts serves and emits them from their npm
// packages, and scripts/font-coverage.ts derives from them which font prints which character.

/** The fallback chain, in order: a character prints with the first of these that has it. */
export const FALLBACK_FACES = ["dejavu", "sc", "kr", "emoji"] as const;
export type FallbackFace = (typeof FALLBACK_FACES)[number];
export type Face = FallbackFace | "dejavuBold";

export const FACES: Record<Face, { file: string; source: string }> = {
  // Latin, Greek, Cyrillic, Arabic, Hebrew, symbols.
  dejavu: { file: "DejaVuSans.ttf", source: "dejavu-fonts-ttf/ttf/DejaVuSans.ttf" },
  // Serials only (Latin capitals and digits): no fallback behind it.
  dejavuBold: { file: "DejaVuSans-Bold.ttf", source: "dejavu-fonts-ttf/ttf/DejaVuSans-Bold.ttf" },
  // Chinese, and Japanese kana and kanji (Chinese glyph forms), CJK punctuation: 10 MB, fetched
  // only for a text that needs it.
  sc: { file: "NotoSansSC-Regular.ttf", source: "@expo-google-fonts/noto-sans-sc/400Regular/NotoSansSC_400Regular.ttf" },
  // Hangul.
  kr: { file: "NotoSansKR-Regular.ttf", source: "@expo-google-fonts/noto-sans-kr/400Regular/NotoSansKR_400Regular.ttf" },
  // Emoji in outline (a colour emoji font has no outlines a PDF can embed).
  emoji: { file: "NotoEmoji-Regular.ttf", source: "@expo-google-fonts/noto-emoji/400Regular/NotoEmoji_400Regular.ttf" },
};

/** Where the web app serves a face (an absolute path on its origin). */
export const fontPath = (face: Face) => `/fonts/${FACES[face].file}`;

/** A face's file from the web app at `origin` (the page's own when empty). */
export async function fetchFace(face: Face, origin = ""): Promise<ArrayBuffer> {
  const response = await fetch(`${origin}${fontPath(face)}`);
  if (!response.ok) throw new Error(`Could not load the font ${FACES[face].file} (${response.status})`);
  return await response.arrayBuffer();
}
