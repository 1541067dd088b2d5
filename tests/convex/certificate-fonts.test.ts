// An ownership certificate prints its item's name in the name's own script: Helvetica for what
// it has, the app's fallback fonts (Cyrillic, Chinese and Japanese, Korean, emoji) for the rest,
// asked for only when a name needs them.
import { describe, expect, test } from "vitest";
import { renderCertificate } from "../../convex/lib/certificates/pdf";
import { pdfGlyphs, pdfText } from "../support/pdf-text";
import { recordingFaces } from "../support/fonts";

const facts = { serial: "TMT-ABCD-EFGH", status: "active" as const, periods: [{ from: Date.UTC(2025, 0, 2), to: null }], issuedAt: Date.UTC(2026, 10, 27) };
const url = "https://tagmything.example/verify/TMT-ABCD-EFGH?cert=x";

async function certificate(name: string) {
  const faces = recordingFaces();
  const bytes = await renderCertificate(facts, name, url, faces.load);
  const [text] = await pdfText(bytes);
  return { text: text!, asked: faces.asked.sort(), bytes };
}

describe("certificate names", () => {
  test("Japanese with an emoji, Cyrillic and Korean names print as written, not as ?", async () => {
    for (const [name, faces] of [["山田太郎の自転車 🚲", ["emoji", "sc"]], ["Ковальский", ["dejavu"]], ["김민수", ["kr"]]] as const) {
      const { text, asked } = await certificate(name);
      expect(text).toContain(name);
      expect(text).toContain("Serial number: TMT-ABCD-EFGH");
      expect(text).not.toMatch(/[?\ufffd]/);
      expect(asked).toEqual(faces);
    }
    // Reading the 10 MB Chinese font from disk and parsing it takes a while on a busy machine.
  }, 30_000);

  test("Arabic and Hebrew names print right to left in a mixed line, emoji sequences as one glyph", async () => {
    const reversed = (text: string) => Array.from(text).reverse().join("");
    // A reader reads the page left to right: the Latin part stands to the left of the Arabic line's
    // Arabic word, the number to the left of the Hebrew word, whose letters read right to left.
    for (const [name, printed] of [
      ["ساعة Rolex 2024", `Rolex 2024 ${reversed("ساعة")}`],
      ["👨‍👩‍👧 Bike דגם 3 🇬🇧", `👨‍👩‍👧 Bike 3 ${reversed("דגם")} 🇬🇧`],
    ] as const) {
      const { text, bytes } = await certificate(name);
      expect(text).toContain(printed);
      const emoji = (await pdfGlyphs(bytes)).filter((run) => /Emoji/.test(run.font));
      expect(emoji.map((run) => run.gids.length)).toEqual(name.startsWith("👨") ? [1, 1] : []);
    }
  });

  test("a name Helvetica prints asks for no font and stays a few kilobytes", async () => {
    const { text, asked, bytes } = await certificate("Café bike (Zürich)");
    expect(text).toContain("Café bike (Zürich)");
    expect(asked).toEqual([]);
    expect(bytes.length).toBeLessThan(8000);
  });
});
