// The label PDF: exactly as many pages as the stock needs, pages the size of the stock,
// and text that fits the label (a long name shrinks and wraps; only past the smallest type it
// ends in "…").
import { PDFDocument } from "pdf-lib";
import { afterEach, describe, expect, it } from "vitest";
import { FACES, fontPath, type Face } from "../../convex/lib/fonts/faces";
import { labelFontSource } from "../../src/lib/labels/download";
import { LABEL_FORMATS, labelFormat, pageCount } from "../../src/lib/labels/formats";
import type { Label } from "../../src/lib/labels/label";
import { labelLayout, LINE_HEIGHT, MM_TO_PT, serialLines } from "../../src/lib/labels/layout";
import { embedLabelFonts, placeText, renderLabelsPdf } from "../../src/lib/labels/pdf";
import { fitName, MIN_NAME_PT, wrapText } from "../../src/lib/labels/wrap";
import { fontFile, labelFonts } from "../support/fonts";
import { pdfGlyphs, pdfText } from "../support/pdf-text";
import { replaceGlobal, restoreReplaced } from "../support/replace-globals";

const fonts = labelFonts();
const labels = (count: number): Label[] =>
  Array.from({ length: count }, (_, i) => ({
    serial: `TMT-AAAA-${String(i).padStart(4, "2")}`,
    name: `Item ${i}`,
    caption: "TagMyThing · Scan to verify",
    url: `https://tagmything.example/verify/TMT-AAAA-${i}`,
  }));

async function pdfPages(count: number, formatId: string) {
  const doc = await PDFDocument.load(await renderLabelsPdf(labels(count), labelFormat(formatId), fonts));
  return doc.getPages().map((page) => page.getSize());
}

describe("label PDF", () => {
  afterEach(restoreReplaced);
  it("puts 45 labels on 3 A4 pages of 3 × 7", async () => {
    const pages = await pdfPages(45, "a4-3x7");
    expect(pages).toHaveLength(3);
    for (const size of pages) {
      expect(size.width).toBeCloseTo(595.28, 1);
      expect(size.height).toBeCloseTo(841.89, 1);
    }
  });

  it("puts 5 labels on 5 pages of the 62 mm roll, each one label long", async () => {
    const pages = await pdfPages(5, "roll-62mm");
    expect(pages).toHaveLength(5);
    expect(pages[0]!.width).toBeCloseTo(62 * MM_TO_PT, 1);
    expect(pages[0]!.height).toBeCloseTo(32 * MM_TO_PT, 1);
  });

  it("fills Letter 3 × 10 sheets: 30 labels one page, 31 two", async () => {
    expect(await pdfPages(30, "letter-3x10")).toHaveLength(1);
    const pages = await pdfPages(31, "letter-3x10");
    expect(pages).toHaveLength(2);
    expect(pages[1]).toEqual({ width: 612, height: 792 });
  });

  it("makes 4 × 6 in and 2 × 1 in pages of those sizes", async () => {
    expect(await pdfPages(2, "label-4x6in")).toEqual([{ width: 288, height: 432 }, { width: 288, height: 432 }]);
    expect(await pdfPages(1, "label-2x1in")).toEqual([{ width: 144, height: 72 }]);
  });

  it("agrees with pageCount for every format", async () => {
    for (const format of LABEL_FORMATS) {
      const doc = await PDFDocument.load(await renderLabelsPdf(labels(23), format, fonts));
      expect(doc.getPageCount()).toBe(pageCount(format, 23));
    }
  });

  it("prints Chinese, Japanese, Korean, Cyrillic and emoji names with the fonts that have them, fetching only those", async () => {
    const names = ["山田太郎の自転車 🚲", "Ковальский", "김민수", "Велосипед Ελληνικά Zürich ✓ 自行车 ❤️"];
    const source = labelFonts();
    const bytes = await renderLabelsPdf(labels(names.length).map((label, i) => ({ ...label, name: names[i]! })), labelFormat("a4-3x7"), source);
    const [text] = await pdfText(bytes);
    // Spaces aside: a name that wraps is drawn line by line. The emoji's variation selector prints nothing.
    for (const name of names) expect(text!.replace(/\s/g, "")).toContain(name.replace(/\s|\ufe0f/g, ""));
    expect(text).not.toContain("\ufffd");
    expect(source.asked.sort()).toEqual(["emoji", "kr", "sc"]);
  });

  it("fetches DejaVu Sans alone for names it prints, and a fallback font only for a name that needs it", async () => {
    const fetched: string[] = [];
    const faceAt = new Map((Object.keys(FACES) as Face[]).map((face) => [fontPath(face), face]));
    replaceGlobal("fetch", async (path: string) => {
      fetched.push(path);
      return new Response(fontFile(faceAt.get(path)!));
    });
    const format = labelFormat("a4-3x7");
    const latin = labels(3).map((label, i) => ({ ...label, name: ["Zürich", "Велосипед", "Ελληνικά ✓"][i]! }));
    const [text] = await pdfText(await renderLabelsPdf(latin, format, await labelFontSource()));
    for (const { name } of latin) expect(text!.replace(/\s/g, "")).toContain(name.replace(/\s/g, ""));
    expect(fetched).toEqual([fontPath("dejavu"), fontPath("dejavuBold")]);
    fetched.length = 0;
    await renderLabelsPdf([...latin, { ...latin[0]!, name: "김민수" }], format, await labelFontSource());
    expect(fetched).toEqual([fontPath("dejavu"), fontPath("dejavuBold"), fontPath("kr")]);
  });

  it("wraps an Arabic name by the widths of its joined letters, and prints each line right to left", async () => {
    const name = "ساعة ذهبية فاخرة من سويسرا مع سوار جلدي أصلي ومينا زرقاء";
    const label = { ...labels(1)[0]!, name };
    const format = labelFormat("a4-3x7");
    const layout = labelLayout(format.label);
    const fontsIn = await embedLabelFonts(await PDFDocument.create(), fonts, [name]);
    const placed = placeText(label, layout, fontsIn);
    const lines = placed.filter((l) => l.font === fontsIn.regular).slice(1);
    expect(lines.length).toBeGreaterThan(1);
    expect(lines.map((l) => l.text).join(" ")).toBe(name);
    for (const line of lines) expect(line.x + line.width).toBeLessThanOrEqual((layout.text.x + layout.text.width) * MM_TO_PT + 0.01);
    const bytes = await renderLabelsPdf([label], format, fonts);
    // What the page advances by is what was measured, line by line.
    const drawn = await pdfGlyphs(bytes);
    expect(drawn.reduce((sum, run) => sum + run.width, 0)).toBeCloseTo(placed.reduce((sum, line) => sum + line.width, 0), 4);
    // Read left to right, each line is its words in reverse, each word's letters reversed.
    const [text] = await pdfText(bytes);
    for (const line of lines) expect(text).toContain(Array.from(line.text).reverse().join(""));
  });

  it("shrinks and wraps a long CJK name by the widths it prints with", async () => {
    const name = "東京都渋谷区神南一丁目の山田太郎の自転車と電動アシスト付きの折りたたみ自転車";
    const format = labelFormat("a4-3x7");
    const layout = labelLayout(format.label);
    const doc = await PDFDocument.create();
    const fontsIn = await embedLabelFonts(doc, fonts, [name]);
    const lines = placeText({ ...labels(1)[0]!, name }, layout, fontsIn).filter((l) => l.font === fontsIn.regular).slice(1);
    expect(lines.length).toBeGreaterThan(1);
    expect(lines.map((l) => l.text).join("")).toBe(name);
    // Measured by the Chinese font itself: every line fits the label as it prints.
    const chinese = await doc.embedFont(fontFile("sc"));
    for (const line of lines) expect(line.x + chinese.widthOfTextAtSize(line.text, line.size)).toBeLessThanOrEqual((layout.text.x + layout.text.width) * MM_TO_PT + 0.01);
  });
});

describe("label text", () => {
  const long: Label = {
    serial: "TMT-ABCDEF-GHJKMN-PQRSTU",
    name: "Vintage Italian steel road bicycle with Campagnolo groupset, leather saddle and spare wheels",
    caption: "TagMyThing · Scan to verify",
    url: "https://x.example/verify/TMT-ABCDEF-GHJKMN-PQRSTU",
  };
  it("stays inside the label on every format: the name whole (smaller, wrapped) or, past the smallest type, ending in …; the whole serial", async () => {
    const fontsIn = await embedLabelFonts(await PDFDocument.create(), fonts, [long.name, long.caption]);
    for (const format of LABEL_FORMATS) {
      const layout = labelLayout(format.label);
      const lines = placeText(long, layout, fontsIn);
      const box = { left: layout.text.x * MM_TO_PT, top: layout.text.y * MM_TO_PT, width: layout.text.width * MM_TO_PT, height: layout.text.height * MM_TO_PT };
      for (const line of lines) {
        expect(line.x, format.id).toBeGreaterThanOrEqual(box.left - 0.01);
        // Measured by the font itself (pdf.ts sums cached advances).
        expect(line.x + line.font.width(line.text, line.size), format.id).toBeLessThanOrEqual(box.left + box.width + 0.01);
        expect(line.top + line.size * LINE_HEIGHT, format.id).toBeLessThanOrEqual(box.top + box.height + 0.01);
      }
      const nameLines = lines.filter((l) => l.font === fontsIn.regular).slice(1);
      const whole = nameLines.map((l) => l.text).join(" ") === long.name;
      if (!whole) expect(nameLines.at(-1)!.text.endsWith("…"), format.id).toBe(true);
      if (format.id === "label-4x6in") expect(whole, "4 × 6 in: room for the whole name").toBe(true);
      if (format.id === "label-2x1in") expect(whole, "2 × 1 in: too small even at the smallest type").toBe(false);
      expect(lines.filter((l) => l.font === fontsIn.bold).map((l) => l.text).join(""), format.id).toBe(long.serial);
    }
  });
});

describe("serialLines", () => {
  it("keeps a serial whole: one line when it fits, else split at the hyphen nearest its middle", () => {
    const roll = labelLayout(labelFormat("roll-62mm").label);
    expect(serialLines("TMT-ABCD-EFGH", roll.text.width, roll.serialSize).lines).toEqual(["TMT-ABCD-EFGH"]);
    const small = labelLayout(labelFormat("label-2x1in").label);
    const code = serialLines("TMT-ABCDEF-GHJKMN-PQRSTU", small.text.width, small.serialSize);
    expect(code.lines).toEqual(["TMT-ABCDEF-", "GHJKMN-PQRSTU"]);
    expect(code.size).toBeLessThan(small.serialSize);
  });
});

describe("wrapText", () => {
  const measure = (text: string) => text.length; // one unit per character
  it("keeps a short name on one line", () => {
    expect(wrapText("Road bike", 20, 2, measure)).toEqual(["Road bike"]);
  });
  it("wraps a long name to two lines ending in an ellipsis, no line wider than the label", () => {
    const name = "Vintage Italian steel road bicycle with Campagnolo groupset and leather saddle";
    const lines = wrapText(name, 20, 2, measure);
    expect(lines).toHaveLength(2);
    expect(lines[0]).toBe("Vintage Italian");
    expect(lines[1]!.endsWith("…")).toBe(true);
    for (const line of lines) expect(measure(line)).toBeLessThanOrEqual(20);
  });
  it("breaks a word longer than the line between characters", () => {
    expect(wrapText("Supercalifragilistic", 8, 3, measure)).toEqual(["Supercal", "ifragili", "stic"]);
  });
  it("breaks a serial after its hyphens", () => {
    expect(wrapText("TMT-ABCDEF-GHJKMN-PQRSTU", 18, 2, measure)).toEqual(["TMT-ABCDEF-GHJKMN-", "PQRSTU"]);
  });
});

describe("fitName", () => {
  const measure = (text: string) => text.length * 0.5; // half an em per character
  const name = "Vintage Italian steel road bicycle with Campagnolo groupset";
  it("keeps a name that fits at the preferred size", () => {
    expect(fitName("Road bike", 100, 10, measure)).toEqual({ lines: ["Road bike"], size: 10, truncated: false });
  });
  it("shrinks a long name rather than cutting it, wrapping to the lines its smaller type has room for", () => {
    const fitted = fitName(name, 100, 10, measure);
    expect(fitted.truncated).toBe(false);
    expect(fitted.size).toBeLessThan(10);
    expect(fitted.size).toBeGreaterThanOrEqual(MIN_NAME_PT);
    expect(fitted.lines.join(" ")).toBe(name);
    // In the height two lines of the preferred type take, each line within the width.
    expect(fitted.lines.length * fitted.size).toBeLessThanOrEqual(2 * 10);
    for (const line of fitted.lines) expect(measure(line) * fitted.size).toBeLessThanOrEqual(100);
  });
  it("ends in … only when even the smallest type cannot hold it", () => {
    const fitted = fitName(`${name} ${name} ${name}`, 60, 10, measure);
    expect(fitted.truncated).toBe(true);
    expect(fitted.size).toBe(MIN_NAME_PT);
    expect(fitted.lines).toHaveLength(4);
    expect(fitted.lines.at(-1)!.endsWith("…")).toBe(true);
  });
});

describe("QR codes", () => {
  it("decode to the verify URL: the runs drawn (PDF and print) with their quiet zone, read by a QR reader", async () => {
    const { default: jsQR } = await import("jsqr");
    const { qrMatrix, QR_MARGIN } = await import("../../convex/lib/qr/matrix");
    for (const url of ["https://tagmything.example/verify/TMT-ABCD-EFGH", "https://tagmything.example/verify/TMT-ABCDEF-GHJKMN-PQRSTU"]) {
      const matrix = qrMatrix(url);
      const scale = 4;
      const side = (matrix.size + 2 * QR_MARGIN + 4) * scale; // the label's padding adds white around it
      const pixels = new Uint8ClampedArray(side * side * 4).fill(255);
      for (const [row, column, length] of matrix.runs) {
        for (let y = (row + QR_MARGIN + 2) * scale; y < (row + QR_MARGIN + 3) * scale; y += 1) {
          for (let x = (column + QR_MARGIN + 2) * scale; x < (column + QR_MARGIN + 2 + length) * scale; x += 1) {
            pixels.fill(0, (y * side + x) * 4, (y * side + x) * 4 + 3);
          }
        }
      }
      expect(jsQR(pixels, side, side)?.data).toBe(url);
    }
  });
});
