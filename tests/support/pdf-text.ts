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
