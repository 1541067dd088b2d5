// Builds the app and prints the JavaScript the landing route (/) loads beyond the
// app shell: its lazy chunk and the chunks only it pulls in, raw and gzip.
// Usage: node bench/landing-size.mjs
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { gzipSync } from "node:zlib";
import { build } from "vite";

const root = fileURLToPath(new URL("../", import.meta.url));
const LANDING = "src/features/landing/LandingPage.tsx";
const outDir = mkdtempSync(path.join(tmpdir(), "tmt-landing-size-"));

try {
  await build({ root, logLevel: "error", build: { outDir, manifest: true, emptyOutDir: true } });
  const manifest = JSON.parse(readFileSync(path.join(outDir, ".vite/manifest.json"), "utf8"));
  const entryKey = Object.keys(manifest).find((k) => manifest[k].isEntry);
  if (!manifest[LANDING]) throw new Error(`${LANDING} is not a chunk of its own: is the route lazily loaded?`);

  // Everything the entry loads statically is the shell every route shares.
  const closure = (key, seen = new Set()) => {
    if (seen.has(key)) return seen;
    seen.add(key);
    for (const dep of manifest[key].imports ?? []) closure(dep, seen);
    return seen;
  };
  const shell = closure(entryKey);
  const landing = [...closure(LANDING)].filter((k) => !shell.has(k));

  const size = (keys) =>
    keys.reduce(
      (acc, key) => {
        const bytes = readFileSync(path.join(outDir, manifest[key].file));
        return { raw: acc.raw + bytes.length, gzip: acc.gzip + gzipSync(bytes).length };
      },
      { raw: 0, gzip: 0 },
    );
  const kb = (n) => `${(n / 1024).toFixed(1)} kB`;
  const route = size(landing);
  const app = size([...shell]);
  console.log(`landing route JS (beyond the shell): ${kb(route.raw)} raw, ${kb(route.gzip)} gzip in ${landing.length} chunk(s)`);
  for (const key of landing) console.log(`  ${manifest[key].file}  (${key})`);
  console.log(`app shell JS (entry + static imports): ${kb(app.raw)} raw, ${kb(app.gzip)} gzip`);
  console.log(`first visit to / total: ${kb(route.gzip + app.gzip)} gzip`);
} finally {
  rmSync(outDir, { recursive: true, force: true });
}
