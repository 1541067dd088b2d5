// A line of a PDF's text as it prints (lib/fonts): runs in visual order (the Unicode
// Bidirectional Algorithm), each run shaped (Arabic letters joined, an emoji sequence or a flag as
// one glyph), and measured by the glyphs it prints with.
import fontkit from "@pdf-lib/fontkit";
import { PDFDocument } from "pdf-lib";
import { describe, expect, test } from "vitest";
import { embedFont, fontStackFor } from "../../convex/lib/fonts/pdfText";
import { visualRuns } from "../../convex/lib/fonts/visual";
import { fontFile, recordingFaces } from "../support/fonts";
import { pdfGlyphs } from "../support/pdf-text";

const runsOf = (text: string) => visualRuns(text, () => "font").map((run) => [run.text, run.rtl]);

describe("visual order", () => {
  test("a Hebrew word in a Latin line reads right to left, the number after it stays to its left", () => {
    expect(runsOf("Bike דגם 3")).toEqual([["Bike ", false], ["3", false], ["דגם ", true]]);
  });

  test("an Arabic line (its first letter Arabic) puts the Latin part to the left of the Arabic", () => {
    expect(runsOf("ساعة Rolex 2024")).toEqual([["Rolex 2024", false], ["ساعة ", true]]);
  });

  test("an emoji between Hebrew and Latin takes the line's direction, not a Latin letter's", () => {
    expect(runsOf("אבא 🚲 Bike")).toEqual([["Bike", false], ["אבא 🚲 ", true]]);
  });

  test("brackets in a right-to-left run are mirrored", () => {
    expect(runsOf("מחשב (ישן)")).toEqual([["מחשב )ישן(", true]]);
  });

  test("a grapheme cluster is one font's: a family emoji or a flag is never split", () => {
    const picked: string[] = [];
    visualRuns("a👨‍👩‍👧🇬🇧👍🏽", (cluster) => picked.push(cluster));
    expect(picked).toEqual(["a", "👨‍👩‍👧", "🇬🇧", "👍🏽"]);
  });
});

describe("shaped runs", () => {
  const dejavu = fontkit.create(fontFile("dejavu"));
  const emoji = fontkit.create(fontFile("emoji"));

  async function stack(texts: string[]) {
    const doc = await PDFDocument.create();
    return await fontStackFor(doc, await embedFont(doc, fontFile("dejavu")), texts, recordingFaces().load);
  }

  test("an Arabic word prints its joined forms, right to left, and measures as them", async () => {
    const word = "ساعة";
    const fonts = await stack([word]);
    const [run, ...rest] = fonts.layout(word);
    expect(rest).toEqual([]);
    // Left to right on the page: teh marbuta final, ain medial, alef final, seen initial.
    const forms = [0xfe94, 0xfecb, 0xfe8e, 0xfeb3].map((codePoint) => dejavu.glyphForCodePoint(codePoint));
    expect(run!.glyphs!.map((glyph) => glyph.id)).toEqual(forms.map((glyph) => glyph.id));
    const shaped = forms.reduce((sum, glyph) => sum + glyph.advanceWidth, 0) / dejavu.unitsPerEm;
    const isolated = Array.from(word).reduce((sum, char) => sum + dejavu.glyphForCodePoint(char.codePointAt(0)!).advanceWidth, 0) / dejavu.unitsPerEm;
    expect(shaped).not.toBeCloseTo(isolated, 2);
    expect(fonts.width(word, 10)).toBeCloseTo(shaped * 10, 6);
  });

  test("a family (ZWJ sequence), a skin tone and a flag print as one emoji glyph each", async () => {
    const fonts = await stack(["👨‍👩‍👧 👍🏽 🇬🇧"]);
    for (const sequence of ["👨‍👩‍👧", "👍🏽", "🇬🇧"]) {
      const runs = fonts.layout(sequence);
      expect(runs, sequence).toHaveLength(1);
      expect(runs[0]!.glyphs, sequence).toHaveLength(1);
      expect(fonts.width(sequence, 10), sequence).toBeCloseTo((runs[0]!.glyphs![0]!.advanceWidth / emoji.unitsPerEm) * 10, 6);
    }
    const family = fonts.layout("👨‍👩‍👧")[0]!.glyphs![0]!;
    expect(family.id).not.toBe(emoji.glyphForCodePoint(0x1f468).id);
    expect(String.fromCodePoint(...family.codePoints)).toBe("👨‍👩‍👧");
  });

  test("a mixed line is measured as the sum of its runs as they print", async () => {
    const line = "ساعة Rolex 2024";
    const fonts = await stack([line]);
    const runs = fonts.layout(line);
    expect(runs.map((run) => run.text)).toEqual(["Rolex 2024", "ساعة "]);
    expect(fonts.width(line, 12)).toBeCloseTo(runs.reduce((sum, run) => sum + run.width, 0) * 12, 6);
    expect(fonts.width(line, 12)).toBeCloseTo(fonts.width("Rolex 2024", 12) + fonts.width(" ", 12) + fonts.width("ساعة", 12), 6);
  });

  test("what prints is what was measured: the PDF's glyphs, their outlines and their advance", async () => {
    // A tab, a heart with its emoji variation selector (DejaVu prints the heart): nothing measured that is not drawn.
    const lines = ["ساعة Rolex 2024", "Bike דגם 3", "👨‍👩‍👧 🇬🇧", "Café fi\t❤️ ok", "אבא 🚲👍 אמא"];
    const doc = await PDFDocument.create();
    const page = doc.addPage([400, 400]);
    const fonts = await fontStackFor(doc, await embedFont(doc, fontFile("dejavu")), lines, recordingFaces().load);
    lines.forEach((line, i) => fonts.draw(page, line, { x: 10, y: 300 - i * 20, size: 11 }));
    const drawn = await pdfGlyphs(await doc.save());
    let at = 0;
    for (const line of lines) {
      const runs = fonts.layout(line).filter((run) => run.text !== "");
      const printed = drawn.slice(at, (at += runs.length));
      expect(printed.reduce((sum, run) => sum + run.width, 0), line).toBeCloseTo(fonts.width(line, 11), 6);
    }
    // The Arabic word's glyphs are the font's joined forms, left to right.
    const arabic = drawn[1]!;
    expect(arabic.font).toMatch(/DejaVuSans/);
    const forms = [0xfe94, 0xfecb, 0xfe8e, 0xfeb3].map((codePoint) => dejavu.glyphForCodePoint(codePoint).path.toSVG());
    expect(arabic.outlines.slice(-4)).toEqual(forms);
    // The family and the flag (the space between them is DejaVu's): one glyph each.
    const emojiRuns = drawn.filter((run) => /Emoji/.test(run.font));
    expect(emojiRuns.slice(0, 2).map((run) => run.gids.length)).toEqual([1, 1]);
    // Two emoji in a Hebrew line read right to left too: the thumb prints left of the bicycle.
    expect(emojiRuns[2]!.outlines).toEqual([0x1f44d, 0x1f6b2].map((codePoint) => emoji.glyphForCodePoint(codePoint).path.toSVG()));
    // A tab prints as a space, not as a missing character.
    expect(fonts.layout("Café fi\t❤️ ok").map((run) => run.text).join("")).toBe("Café fi ❤️ ok");
  });
});
