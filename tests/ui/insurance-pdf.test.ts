// The insurance report's PDF as the browser draws it: a page of totals, then each item; it
// prints with the labels' fonts (DejaVu Sans, and a fallback face only when a text needs one).
import { readFileSync } from "node:fs";
import path from "node:path";
import { PDFDocument } from "pdf-lib";
import { expect, it } from "vitest";
import renderInsurancePdf from "../../src/lib/reports/insurancePdf";

// In the jsdom realm pdf-lib checks for its own Uint8Array, not a Node Buffer.
const font = (name: string) => Uint8Array.from(readFileSync(path.join(process.cwd(), "node_modules/dejavu-fonts-ttf/ttf", name)));

it("draws the totals page and every item, asking for no fallback face when DejaVu Sans has every character", async () => {
  const asked: string[] = [];
  const fonts = { regular: font("DejaVuSans.ttf"), bold: font("DejaVuSans-Bold.ttf"), load: async (face: string) => (asked.push(face), null) };
  const rows = Array.from({ length: 30 }, (_, i) => ({
    serial: `TMT-AAAA-${String(i).padStart(4, "0")}`, name: `Велосипед ${i}`, cells: { location: "Garage" }, value: { amount: 150000 + i, currency: "EUR" },
    photoCount: 0, photoUrl: null, documents: ["receipt.pdf"],
  }));
  const totals = { items: 30, values: [{ amount: 4500435, currency: "EUR" }], byLocation: [{ location: "Garage", items: 30, values: [{ amount: 4500435, currency: "EUR" }] }] };
  const done: number[] = [];
  const bytes = await renderInsurancePdf(rows as never, totals, "Home", fonts as never, async () => null, (n) => done.push(n));
  const doc = await PDFDocument.load(bytes);
  expect(doc.getTitle()).toBe("Insurance report: Home");
  expect(doc.getPageCount()).toBeGreaterThan(2);
  expect(done.at(-1)).toBe(30);
  expect(asked).toEqual([]);
});
