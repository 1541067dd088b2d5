// Text in a pdf-lib document with per-character font fallback: a FontStack holds the document's
// base font and the fallback faces its texts need (runs.ts says which), embedded as subsets, and
// measures and draws text run by run. The labels and audit report (browser) and the ownership
// certificates (export action) all draw user text through it.
import fontkit from "@pdf-lib/fontkit";
import { rgb, type PDFDocument, type PDFFont, type PDFPage } from "pdf-lib";
import { fetchFace, type FallbackFace } from "./faces";
import { faceOf, facesFor, runsBy, type Run } from "./runs";

/**
 * A face's font file, from wherever this side has it (fetched from the web app, or read in a
 * test); null when it cannot be had, and its characters print as "?".
 */
export type LoadFace = (face: FallbackFace) => Promise<ArrayBuffer | Uint8Array | null>;

// Text is measured character by character from a per-font cache: the PDF places glyphs by
// their advance widths alone, so the sum is what prints, and fontkit's layout (slow) runs
// once per character instead of once per trial line while wrapping.
const advances = new WeakMap<PDFFont, Map<string, number>>();

function advanceOf(font: PDFFont, char: string): number {
  let cache = advances.get(font);
  if (cache === undefined) advances.set(font, (cache = new Map()));
  let advance = cache.get(char);
  if (advance === undefined) cache.set(char, (advance = font.widthOfTextAtSize(char, 1)));
  return advance;
}

const runWidth = (run: Run<PDFFont>) => {
  let width = 0;
  for (const char of run.text) width += advanceOf(run.font, char);
  return width;
};

/** A character no font has prints as this, in the base font. */
const MISSING = "?";

export class FontStack {
  private readonly baseHas: Set<number>;

  constructor(
    readonly base: PDFFont,
    private readonly faces: Partial<Record<FallbackFace, PDFFont>> = {},
  ) {
    this.baseHas = new Set(base.getCharacterSet());
  }

  private pick(codePoint: number): PDFFont | null {
    if (this.baseHas.has(codePoint)) return this.base;
    const face = faceOf(codePoint);
    return (face !== null && this.faces[face]) || null;
  }

  /** `text` in runs by font, a character no font has replaced by "?". */
  runs(text: string): Run<PDFFont>[] {
    return runsBy(text, (_char, codePoint) => this.pick(codePoint) ?? this.base).map((run) =>
      run.font === this.base ? { ...run, text: Array.from(run.text, (c) => (this.baseHas.has(c.codePointAt(0)!) ? c : MISSING)).join("") } : run,
    );
  }

  /** The width of `text` at `size`, in points: the sum of its runs as drawn. */
  width(text: string, size: number): number {
    return this.runs(text).reduce((sum, run) => sum + runWidth(run), 0) * size;
  }

  /** Draws `text` with its left end of baseline at (x, y), run after run. */
  draw(page: PDFPage, text: string, at: { x: number; y: number; size: number }): void {
    let x = at.x;
    for (const run of this.runs(text)) {
      page.drawText(run.text, { x, y: at.y, size: at.size, font: run.font, color: rgb(0, 0, 0) });
      x += runWidth(run) * at.size;
    }
  }
}

type Fontkit = Parameters<PDFDocument["registerFontkit"]>[0];
type Font = ReturnType<Fontkit["create"]>;

// @pdf-lib/fontkit's subsets write a short `loca` table (offsets halved) whenever the glyph data
// is small, which is only right when every glyph's data has an even length. Noto's CJK and emoji
// fonts have odd lengths, so most of their glyphs would print blank: each glyph copied into a
// subset is padded to an even length (trailing zeros are allowed after a glyph's data).
type SubsetInternals = { _addGlyph(gid: number): number; glyf: Uint8Array[]; offset: number };

function evenGlyphs(font: Font): Font {
  const createSubset = font.createSubset.bind(font);
  font.createSubset = () => {
    const subset = createSubset();
    const internals = subset as unknown as SubsetInternals;
    const addGlyph = internals._addGlyph.bind(subset);
    internals._addGlyph = (gid) => {
      const id = addGlyph(gid);
      if (internals.offset % 2 === 1) {
        const data = internals.glyf[id]!;
        // fontkit's own Buffer class, which its encoder expects.
        const padded = new (data.constructor as new (size: number) => Uint8Array)(data.length + 1);
        padded.set(data);
        padded[data.length] = 0;
        internals.glyf[id] = padded;
        internals.offset += 1;
      }
      return id;
    };
    return subset;
  };
  return font;
}

// pdf-lib embeds a font from its file's bytes, through the registered fontkit. A face already
// parsed is handed over as an empty stand-in whose buffer names it, so it is parsed once however
// many documents embed it (an export's thousands of certificates) and only fontkit's own copy of
// the file stays in memory (an action has 64 MiB for ArrayBuffers; the Chinese font is 10 MB).
const standIns = new WeakMap<ArrayBufferLike, Font>();

/** fontkit as every PDF of the app registers it: subsets that print, parsed faces reused. */
export const pdfFontkit: Fontkit = {
  create: (bytes) => standIns.get(bytes.buffer) ?? evenGlyphs(fontkit.create(bytes)),
};

// Each loader's faces, fetched and parsed at most once.
const parsedFaces = new WeakMap<LoadFace, Map<FallbackFace, Promise<Uint8Array | null>>>();

/** A stand-in for `face` as `load` brings it, or null when it cannot be had. */
function standInFor(load: LoadFace, face: FallbackFace): Promise<Uint8Array | null> {
  let faces = parsedFaces.get(load);
  if (faces === undefined) parsedFaces.set(load, (faces = new Map()));
  let standIn = faces.get(face);
  if (standIn === undefined) {
    standIn = load(face).then((bytes) => {
      if (bytes === null) return null;
      const handle = new Uint8Array(0);
      standIns.set(handle.buffer, evenGlyphs(fontkit.create(bytes instanceof Uint8Array ? bytes : new Uint8Array(bytes))));
      return handle;
    });
    faces.set(face, standIn);
  }
  return standIn;
}

/**
 * A FontStack on `base` for `texts`: the fallback faces they need (none for text the base font
 * prints) loaded and embedded as subsets, so only the glyphs used end up in the file.
 */
export async function fontStackFor(doc: PDFDocument, base: PDFFont, texts: Iterable<string>, load: LoadFace): Promise<FontStack> {
  const has = new Set(base.getCharacterSet());
  const needed = [...facesFor(texts, (codePoint) => has.has(codePoint))];
  if (needed.length === 0) return new FontStack(base);
  doc.registerFontkit(pdfFontkit);
  const fonts = await Promise.all(
    needed.map(async (face) => {
      const standIn = await standInFor(load, face);
      return standIn === null ? [] : [[face, await doc.embedFont(standIn, { subset: true })] as const];
    }),
  );
  return new FontStack(base, Object.fromEntries(fonts.flat()));
}

/** Fallback faces fetched from the web app at `origin`; a face that cannot be fetched is logged and left out. */
export function siteFaces(origin: string): LoadFace {
  return (face) =>
    fetchFace(face, origin).catch((error: unknown) => {
      console.error(`Font ${face} unavailable from ${origin}: ${String(error)}`);
      return null;
    });
}
