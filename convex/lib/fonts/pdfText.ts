// Text in a pdf-lib document with per-character font fallback and shaping: a FontStack holds
// the document's base font and the fallback faces its texts need (runs.ts says which), embedded
// as subsets, and measures and draws a line run by run in visual order (visual.ts). Each run is
// shaped by fontkit (Arabic joining, emoji sequences and flags as one glyph, right-to-left runs
// laid out right to left), and the glyphs it measured are the glyphs pdf-lib draws. The labels,
// audit and insurance reports (browser) and the ownership certificates (export action) all draw
// user text through it.
import fontkit from "@pdf-lib/fontkit";
import { rgb, type PDFDocument, type PDFFont, type PDFPage } from "pdf-lib";
import { fetchFace, type FallbackFace } from "./faces";
import { faceOf, facesFor, isIgnorable } from "./runs";
import { visualRuns, type Run } from "./visual";

/**
 * A face's font file, from wherever this side has it (fetched from the web app, or read in a
 * test); null when it cannot be had, and its characters print as "?".
 */
export type LoadFace = (face: FallbackFace) => Promise<ArrayBuffer | Uint8Array | null>;

type Fontkit = Parameters<PDFDocument["registerFontkit"]>[0];
type Font = ReturnType<Fontkit["create"]>;
type Glyph = ReturnType<Font["layout"]>["glyphs"][number];

/** A character no font has prints as this, in the base font. */
const MISSING = "?";
const CONTROLS = /[\t\n\v\f\r\b\u0085\u2028\u2029]/g;

// Shaping is cached by word (text between spaces, where no joining or ligature reaches across),
// per font: wrapping a name measures many trial lines made of the same words.
const CACHED = 5000;
const shapedWords = new WeakMap<Font, Map<string, Glyph[]>>();

function shapeWord(font: Font, word: string, rtl: boolean): Glyph[] {
  let cache = shapedWords.get(font);
  if (cache === undefined) shapedWords.set(font, (cache = new Map()));
  const key = `${rtl ? "r" : "l"}${word}`;
  let glyphs = cache.get(key);
  if (glyphs === undefined) {
    const run = fontkitLayout.get(font)!(word, undefined, undefined, undefined, rtl ? "rtl" : "ltr");
    // fontkit turns an invisible character left over (a joiner or variation selector the font has
    // no sequence for) into a space of no advance; pdf-lib would print it a space wide.
    const space = font.glyphForCodePoint(0x20).id;
    glyphs = run.glyphs.filter((glyph, i) => !(glyph.id === space && run.positions[i]!.xAdvance === 0));
    if (cache.size >= CACHED) cache.clear();
    cache.set(key, glyphs);
  }
  return glyphs;
}

/** A run's glyphs, left to right as they print. */
function shapeRun(font: Font, text: string, rtl: boolean): Glyph[] {
  const words = text.split(/( +)/).filter((word) => word !== "");
  return (rtl ? words.reverse() : words).flatMap((word) => shapeWord(font, word, rtl));
}

// pdf-lib lays a text out again when it draws it (font.layout, in its encodeText), by script
// alone and without the direction the line gives it: FontStack hands it the glyphs it shaped
// and measured for that text instead, so what prints is what was measured.
const handedOver = new WeakMap<Font, { text: string; glyphs: Glyph[] }>();
type Layout = (text: string, features?: undefined, script?: string, language?: string, direction?: "ltr" | "rtl") => ReturnType<Font["layout"]>;
const fontkitLayout = new WeakMap<Font, Layout>();

function takesShapedGlyphs(font: Font): Font {
  const layout = font.layout.bind(font) as Layout;
  fontkitLayout.set(font, layout);
  font.layout = ((text: string, ...rest: Parameters<Layout> extends [string, ...infer R] ? R : never) => {
    const handed = handedOver.get(font);
    if (handed === undefined || handed.text !== text) return layout(text, ...rest);
    handedOver.delete(font);
    return { glyphs: handed.glyphs, positions: [] };
  }) as Font["layout"];
  return font;
}

// The fontkit parse of each font embedded through embedFont (none for pdf-lib's standard fonts).
const shapers = new WeakMap<PDFFont, Font>();

/** A run as it prints: its font, the text handed to pdf-lib, its glyphs when shaped, its width at 1 pt. */
type Printed = { font: PDFFont; text: string; glyphs: Glyph[] | null; width: number };

export class FontStack {
  private readonly baseHas: Set<number>;

  constructor(
    readonly base: PDFFont,
    private readonly faces: Partial<Record<FallbackFace, PDFFont>> = {},
  ) {
    this.baseHas = new Set(base.getCharacterSet());
  }

  /** The base font when it has every character of the cluster, else the fallback face its first missing one needs. */
  private pick(cluster: string): PDFFont {
    let face: FallbackFace | null = null;
    for (const char of cluster) {
      const codePoint = char.codePointAt(0)!;
      if (this.baseHas.has(codePoint) || isIgnorable(char)) continue;
      face = faceOf(codePoint);
      break;
    }
    return (face !== null && this.faces[face]) || this.base;
  }

  private has(font: PDFFont, char: string): boolean {
    const codePoint = char.codePointAt(0)!;
    const shaper = shapers.get(font);
    return font === this.base ? this.baseHas.has(codePoint) : shaper !== undefined && shaper.hasGlyphForCodePoint(codePoint);
  }

  private print(run: Run<PDFFont>): Printed {
    const shaper = shapers.get(run.font);
    // An invisible character stays where the font has it (a joiner joins emoji in a font with the
    // sequence); one it lacks could only print as its missing glyph.
    const chars = Array.from(run.text).flatMap((char) => (this.has(run.font, char) ? [char] : isIgnorable(char) ? [] : [MISSING]));
    if (shaper === undefined) {
      const text = (run.rtl ? chars.reverse() : chars).join("");
      return { font: run.font, text, glyphs: null, width: run.font.widthOfTextAtSize(text, 1) };
    }
    const text = chars.join("");
    const glyphs = shapeRun(shaper, text, run.rtl);
    const width = glyphs.reduce((sum, glyph) => sum + glyph.advanceWidth, 0) / shaper.unitsPerEm;
    return { font: run.font, text, glyphs, width };
  }

  // Fitting a name measures the same trial lines at every size it tries.
  private readonly laidOut = new Map<string, Printed[]>();

  /** `text` as one line prints: runs left to right, each in one font, shaped. */
  layout(text: string): Printed[] {
    let runs = this.laidOut.get(text);
    if (runs === undefined) {
      // One line: pdf-lib would break it at a line break, or widen a tab, and lay that out itself.
      const line = text.replace(CONTROLS, " ");
      runs = visualRuns(line, (cluster) => this.pick(cluster)).map((run) => this.print(run));
      if (this.laidOut.size >= CACHED) this.laidOut.clear();
      this.laidOut.set(text, runs);
    }
    return runs;
  }

  /** The width of `text` at `size`, in points: the sum of its runs as drawn. */
  width(text: string, size: number): number {
    return this.layout(text).reduce((sum, run) => sum + run.width, 0) * size;
  }

  /** Draws `text` with its left end of baseline at (x, y), run after run. */
  draw(page: PDFPage, text: string, at: { x: number; y: number; size: number }): void {
    let x = at.x;
    for (const run of this.layout(text)) {
      if (run.text === "") continue;
      const shaper = shapers.get(run.font);
      if (shaper !== undefined && run.glyphs !== null) handedOver.set(shaper, { text: run.text, glyphs: run.glyphs });
      page.drawText(run.text, { x, y: at.y, size: at.size, font: run.font, color: rgb(0, 0, 0) });
      x += run.width * at.size;
    }
  }
}

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

// pdf-lib embeds a font from its file's bytes, through the registered fontkit. A font already
// parsed is handed over as an empty stand-in whose buffer names it, so a face is parsed once
// however many documents embed it (an export's thousands of certificates) and only fontkit's own
// copy of the file stays in memory (an action has 64 MiB for ArrayBuffers; the Chinese font is
// 10 MB), and FontStack shapes with the very parse pdf-lib encodes with.
const standIns = new WeakMap<ArrayBufferLike, Font>();

const pdfFontkit: Fontkit = {
  create: (bytes) => standIns.get(bytes.buffer) ?? evenGlyphs(fontkit.create(bytes)),
};

const parse = (bytes: ArrayBuffer | Uint8Array): Font =>
  takesShapedGlyphs(evenGlyphs(fontkit.create(bytes instanceof Uint8Array ? bytes : new Uint8Array(bytes))));

async function embedParsed(doc: PDFDocument, font: Font): Promise<PDFFont> {
  doc.registerFontkit(pdfFontkit);
  const standIn = new Uint8Array(0);
  standIns.set(standIn.buffer, font);
  const embedded = await doc.embedFont(standIn, { subset: true });
  shapers.set(embedded, font);
  return embedded;
}

// A font file's parse, by the file's bytes: a page that makes one PDF after another parses it once.
const parsedFiles = new WeakMap<ArrayBuffer | Uint8Array, Font>();

/** A font file embedded as a subset (only the glyphs used end up in the file) that a FontStack shapes. */
export function embedFont(doc: PDFDocument, bytes: ArrayBuffer | Uint8Array): Promise<PDFFont> {
  let parsed = parsedFiles.get(bytes);
  if (parsed === undefined) parsedFiles.set(bytes, (parsed = parse(bytes)));
  return embedParsed(doc, parsed);
}

// Each loader's faces, fetched and parsed at most once.
const parsedFaces = new WeakMap<LoadFace, Map<FallbackFace, Promise<Font | null>>>();

/** `face` as `load` brings it, parsed, or null when it cannot be had. */
function faceFrom(load: LoadFace, face: FallbackFace): Promise<Font | null> {
  let faces = parsedFaces.get(load);
  if (faces === undefined) parsedFaces.set(load, (faces = new Map()));
  let parsed = faces.get(face);
  if (parsed === undefined) {
    parsed = load(face).then((bytes) => (bytes === null ? null : parse(bytes)));
    faces.set(face, parsed);
  }
  return parsed;
}

/**
 * A FontStack on `base` for `texts`: the fallback faces they need (none for text the base font
 * prints) loaded and embedded as subsets, so only the glyphs used end up in the file.
 */
export async function fontStackFor(doc: PDFDocument, base: PDFFont, texts: Iterable<string>, load: LoadFace): Promise<FontStack> {
  const has = new Set(base.getCharacterSet());
  const needed = [...facesFor(texts, (codePoint) => has.has(codePoint))];
  if (needed.length === 0) return new FontStack(base);
  const fonts = await Promise.all(
    needed.map(async (face) => {
      const parsed = await faceFrom(load, face);
      return parsed === null ? [] : [[face, await embedParsed(doc, parsed)] as const];
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
