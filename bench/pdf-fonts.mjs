// PDFs with names in Chinese, Japanese and Korean (and an emoji), and in Arabic and Hebrew mixed
// with Latin and emoji sequences (shaped and set right to left): a sheet of 65 labels as the
// browser builds it (A4 3 × 7, four pages) and ownership certificates as the export builds them,
// each beside the same with Latin names (DejaVu Sans or Helvetica alone: the floor, measured in
// the same run). Prints time and size with the machine's load; asserts nothing.
//   node bench/pdf-fonts.mjs [--runs 5]
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { createRequire } from "node:module";
import path from "node:path";
import { pathToFileURL } from "node:url";
import { build } from "esbuild";
import { arg, machine, percentile } from "./support/backend.mjs";

const RUNS = Number(arg("runs", "5"));
const require = createRequire(import.meta.url);

// The app's TypeScript modules, bundled for Node as they are (no copy of their logic here), their
// packages imported from node_modules (hence a folder inside it).
mkdirSync("node_modules/.cache", { recursive: true });
const dir = mkdtempSync(path.resolve("node_modules/.cache/tmt-bench-pdf-fonts-"));
const entry = path.join(dir, "entry.ts");
writeFileSync(
  entry,
  [
    `export { renderLabelsPdf } from ${JSON.stringify(path.resolve("src/lib/labels/pdf.ts"))};`,
    `export { labelFormat } from ${JSON.stringify(path.resolve("src/lib/labels/formats.ts"))};`,
    `export { renderCertificate } from ${JSON.stringify(path.resolve("convex/lib/certificates/pdf.ts"))};`,
    `export { FACES } from ${JSON.stringify(path.resolve("convex/lib/fonts/faces.ts"))};`,
  ].join("\n"),
);
await build({ entryPoints: [entry], bundle: true, platform: "node", format: "esm", packages: "external", outfile: path.join(dir, "app.mjs"), logLevel: "error" });
const { renderLabelsPdf, labelFormat, renderCertificate, FACES } = await import(pathToFileURL(path.join(dir, "app.mjs")).href);
rmSync(dir, { recursive: true, force: true });

const file = (face) => new Uint8Array(readFileSync(require.resolve(FACES[face].source)));
// Each face read once, as the browser's HTTP cache and the export's loader (siteFaces) keep it.
const faces = new Map();
const load = async (face) => faces.get(face) ?? faces.set(face, file(face)).get(face);
const fonts = { regular: file("dejavu"), bold: file("dejavuBold"), load };

// Names of different characters each, as a shop's stock list would have.
const HAN = "山田太郎自転車東京都渋谷区神南丁目電動折畳式携帯電話机椅子冷蔵庫洗濯機掃除炊飯器照明灯具書棚金庫時計眼鏡鞄靴傘楽器写真撮影用三脚";
const KANA = "のとアシストカメラレンズバッテリー";
const HANGUL = "김민수이영희박철수노트북자전거카메라";
const cjk = Array.from({ length: 65 }, (_, i) => {
  const pick = (set, n, step) => Array.from({ length: n }, (_, k) => Array.from(set)[(i * step + k * 7) % Array.from(set).length]).join("");
  return i % 3 === 2 ? `${pick(HANGUL, 5, 3)} ${i}` : `${pick(HAN, 4, 5)}${pick(KANA, 2, 2)}${pick(HAN, 3, 11)}${i % 5 === 0 ? " 🚲" : ""}`;
});
const ARABIC = ["ساعة", "ذهبية", "دراجة", "هاتف", "سوار", "جلدي", "كاميرا"];
const HEBREW = ["אופניים", "מחשב", "נייד", "שעון", "מצלמה", "ישן"];
const SEQUENCES = ["👨‍👩‍👧", "👍🏽", "🇬🇧", "1️⃣"];
const rtl = cjk.map((_, i) => {
  const words = i % 2 === 0 ? ARABIC : HEBREW;
  const pick = (n) => Array.from({ length: n }, (_, k) => words[(i + k * 3) % words.length]).join(" ");
  return `${pick(2)} Rolex ${2000 + i} ${pick(2)}${i % 4 === 0 ? ` ${SEQUENCES[i % SEQUENCES.length]}` : ""}`;
});
const latin = cjk.map((_, i) => `Road bicycle with basket ${i}`);
const labels = (names) => names.map((name, i) => ({ serial: `TMT-AAAA-${String(1000 + i)}`, name, caption: "TagMyThing · Scan to verify", url: `https://tagmything.example/verify/TMT-AAAA-${1000 + i}` }));

async function timed(fn) {
  const times = [];
  // One untimed run first: the JIT, and the fonts parsed (once per page load or export).
  const cold = performance.now();
  let bytes = await fn();
  const first = performance.now() - cold;
  for (let run = 0; run < RUNS; run += 1) {
    const started = performance.now();
    bytes = await fn();
    times.push(performance.now() - started);
  }
  times.sort((a, b) => a - b);
  return { first, median: percentile(times, 50), max: times.at(-1), size: bytes.length };
}

const kb = (bytes) => `${(bytes / 1024).toFixed(0)} KB`;
console.log(machine());
const sheet = labelFormat("a4-3x7");
const floorSheet = await timed(() => renderLabelsPdf(labels(latin), sheet, fonts));
const cjkSheet = await timed(() => renderLabelsPdf(labels(cjk), sheet, fonts));
console.log(`65 labels, A4 3 × 7 (4 pages), fonts in memory (a browser fetches Chinese 10 MB, Korean 6 MB, emoji 1 MB once, then caches them):`);
console.log(`  Latin names (floor, DejaVu Sans): median ${floorSheet.median.toFixed(0)} ms (max ${floorSheet.max.toFixed(0)}), ${kb(floorSheet.size)}`);
console.log(`  CJK names + emoji:                median ${cjkSheet.median.toFixed(0)} ms (max ${cjkSheet.max.toFixed(0)}; first ${cjkSheet.first.toFixed(0)} ms, parsing the fonts), ${kb(cjkSheet.size)}; ${(cjkSheet.median / floorSheet.median).toFixed(1)}× the floor`);
const rtlSheet = await timed(() => renderLabelsPdf(labels(rtl), sheet, fonts));
console.log(`  Arabic/Hebrew + Latin, emoji sequences: median ${rtlSheet.median.toFixed(0)} ms (max ${rtlSheet.max.toFixed(0)}), ${kb(rtlSheet.size)}; ${(rtlSheet.median / floorSheet.median).toFixed(1)}× the floor`);

const facts = { serial: "TMT-ABCD-EFGH", status: "active", periods: [{ from: Date.UTC(2025, 0, 2), to: null }], issuedAt: Date.UTC(2026, 10, 27) };
const url = "https://tagmything.example/verify/TMT-ABCD-EFGH?cert=x";
const certificates = async (names) => {
  let size = 0;
  for (const name of names) size += (await renderCertificate(facts, name, url, fonts.load)).length;
  return { length: size / names.length };
};
const floorCert = await timed(() => certificates(latin));
const cjkCert = await timed(() => certificates(cjk));
console.log(`65 ownership certificates (the export's loop; each font parsed once per export):`);
console.log(`  Latin names (floor, Helvetica): median ${(floorCert.median / 65).toFixed(1)} ms each, ${kb(floorCert.size)} each`);
console.log(`  CJK names + emoji:              median ${(cjkCert.median / 65).toFixed(1)} ms each, ${kb(cjkCert.size)} each; ${(cjkCert.median / floorCert.median).toFixed(1)}× the floor`);
const rtlCert = await timed(() => certificates(rtl));
console.log(`  Arabic/Hebrew + Latin, emoji sequences: median ${(rtlCert.median / 65).toFixed(1)} ms each, ${kb(rtlCert.size)} each; ${(rtlCert.median / floorCert.median).toFixed(1)}× the floor`);
