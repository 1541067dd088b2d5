// The text a PDF made by pdf-lib shows, read back as a PDF reader does: each page's content
// stream, every string drawn, decoded through its font's ToUnicode map (embedded fonts) or as
// WinAnsi (standard fonts). A character drawn as the font's missing glyph, or as a glyph the
// embedded font file holds no outline for (it prints blank), reads as U+FFFD.
import fontkit from "@pdf-lib/fontkit";
import { decodePDFRawStream, PDFArray, PDFDict, PDFDocument, PDFName, PDFRawStream } from "pdf-lib";

const streamText = (stream: unknown) => new TextDecoder("latin1").decode(stream instanceof PDFRawStream ? decodePDFRawStream(stream).decode() : new Uint8Array());

/** Whether the embedded font file (a subset) draws something for each glyph id. */
function outlines(font: PDFDict): (gid: number) => boolean {
  const descendant = font.lookup(PDFName.of("DescendantFonts"), PDFArray).lookup(0, PDFDict);
  const file = descendant.lookup(PDFName.of("FontDescriptor"), PDFDict).lookup(PDFName.of("FontFile2"));
  const parsed = fontkit.create(decodePDFRawStream(file as PDFRawStream).decode());
  return (gid) => {
    try {
      return (parsed.getGlyph(gid).path as unknown as { commands: unknown[] }).commands.length > 0;
    } catch {
      return false;
    }
  };
}

function toUnicode(font: PDFDict): Map<number, string> | null {
  const cmap = font.lookup(PDFName.of("ToUnicode"));
  if (cmap === undefined) return null;
  const drawn = outlines(font);
  const map = new Map<number, string>();
  const hex = (h: string) => String.fromCodePoint(...(h.match(/.{4}/g) ?? []).map((u) => parseInt(u, 16)).reduce<number[]>((cps, u, i, all) => {
    if (u >= 0xd800 && u < 0xdc00) cps.push(((u - 0xd800) << 10) + (all[i + 1]! - 0xdc00) + 0x10000);
    else if (u < 0xdc00 || u > 0xdfff) cps.push(u);
    return cps;
  }, []));
  for (const [, gid, text] of streamText(cmap).matchAll(/<([0-9a-fA-F]+)>\s*<([0-9a-fA-F]+)>/g)) {
    const char = hex(text!);
    // A space has no outline to draw.
    if (/\s/.test(char) || drawn(parseInt(gid!, 16))) map.set(parseInt(gid!, 16), char);
  }
  return map;
}

/** Every page's text, in drawing order (lines run together: a wrapped line's space is not drawn). */
export async function pdfText(bytes: Uint8Array): Promise<string[]> {
  const doc = await PDFDocument.load(bytes, { updateMetadata: false });
  return doc.getPages().map((page) => {
    const fonts = page.node.Resources()?.lookup(PDFName.of("Font"), PDFDict);
    const contents = page.node.Contents();
    const streams = contents instanceof PDFArray ? contents.asArray().map((ref) => doc.context.lookup(ref)) : [contents];
    let font: Map<number, string> | null = null;
    let text = "";
    for (const [, name, hex] of streams.map(streamText).join("\n").matchAll(/\/(\S+) [\d.]+ Tf|<([0-9a-fA-F]*)> Tj/g)) {
      if (name !== undefined) font = toUnicode(fonts!.lookup(PDFName.of(name), PDFDict));
      else if (font === null) text += String.fromCharCode(...(hex!.match(/../g) ?? []).map((b: string) => parseInt(b, 16)));
      // Glyph 0 is the font's "missing" glyph, whatever its map says.
      else text += (hex!.match(/.{4}/g) ?? []).map((g: string) => (parseInt(g, 16) === 0 ? undefined : font!.get(parseInt(g, 16))) ?? "\ufffd").join("");
    }
    return text;
  });
}

/** A font's advance widths by glyph id (its /W array, in thousandths of the size). */
function advances(font: PDFDict): Map<number, number> {
  const descendant = font.lookup(PDFName.of("DescendantFonts"), PDFArray).lookup(0, PDFDict);
  const w = descendant.lookup(PDFName.of("W"), PDFArray).asArray().map((item) => descendant.context.lookup(item));
  const widths = new Map<number, number>();
  for (let i = 0; i < w.length; ) {
    const first = Number(w[i]!.toString());
    const next = w[i + 1]!;
    if (next instanceof PDFArray) {
      next.asArray().forEach((width, j) => widths.set(first + j, Number(width.toString())));
      i += 2;
    } else {
      for (let gid = first; gid <= Number(next.toString()); gid++) widths.set(gid, Number(w[i + 2]!.toString()));
      i += 3;
    }
  }
  return widths;
}

/**
 * The first page's strings drawn in embedded fonts, in drawing order, as a PDF reader places
 * them: the font's name, the glyph ids, each glyph's outline (as SVG path data, to compare with
 * the font file's own glyphs) and the width the glyphs advance (in points).
 */
export async function pdfGlyphs(bytes: Uint8Array): Promise<{ font: string; gids: number[]; outlines: string[]; width: number }[]> {
  const doc = await PDFDocument.load(bytes, { updateMetadata: false });
  const page = doc.getPages()[0]!;
  const fonts = page.node.Resources()!.lookup(PDFName.of("Font"), PDFDict);
  const contents = page.node.Contents();
  const streams = contents instanceof PDFArray ? contents.asArray().map((ref) => doc.context.lookup(ref)) : [contents];
  const drawn: { font: string; gids: number[]; outlines: string[]; width: number }[] = [];
  let current: { name: string; size: number; widths: Map<number, number>; parsed: ReturnType<typeof fontkit.create> } | null = null;
  for (const [, name, size, hex] of streams.map(streamText).join("\n").matchAll(/\/(\S+) ([\d.]+) Tf|<([0-9a-fA-F]*)> Tj/g)) {
    if (name !== undefined) {
      const font = fonts.lookup(PDFName.of(name), PDFDict);
      const embedded = font.lookup(PDFName.of("Subtype"))?.toString() === "/Type0";
      current = null;
      if (embedded) {
        const descendant = font.lookup(PDFName.of("DescendantFonts"), PDFArray).lookup(0, PDFDict);
        const file = descendant.lookup(PDFName.of("FontDescriptor"), PDFDict).lookup(PDFName.of("FontFile2"));
        const baseFont = font.lookup(PDFName.of("BaseFont"))!.toString().replace(/^\/[A-Z]{6}\+/, "");
        current = { name: baseFont, size: Number(size), widths: advances(font), parsed: fontkit.create(decodePDFRawStream(file as PDFRawStream).decode()) };
      }
    } else if (current !== null) {
      const gids = (hex!.match(/.{4}/g) ?? []).map((g) => parseInt(g, 16));
      const { parsed, widths } = current;
      drawn.push({
        font: current.name,
        gids,
        outlines: gids.map((gid) => parsed.getGlyph(gid).path.toSVG()),
        width: gids.reduce((sum, gid) => sum + (widths.get(gid) ?? 0), 0) * current.size / 1000,
      });
    }
  }
  return drawn;
}
