// per-module rendered sizes (gzip of each module's rendered code, approx) of the entry's static closure + landing chunk
import { build } from "vite";
import { gzipSync } from "node:zlib";
process.env.VITE_CONVEX_URL = "https://bundle-budget-123.convex.cloud";
process.env.VITE_CONVEX_SITE_URL = "https://bundle-budget-123.convex.site";
process.env.NODE_ENV = "production";
const root = process.argv[2];
const out = await build({ root, mode: "production", logLevel: "error", build: { outDir: "/tmp/landing-an/dist", write: true, emptyOutDir: true, manifest: true } });
const chunks = (Array.isArray(out) ? out[0] : out).output.filter((o) => o.type === "chunk");
const byFile = new Map(chunks.map((c) => [c.fileName, c]));
const entry = chunks.find((c) => c.isEntry);
const seen = new Set();
const walk = (c) => { if (seen.has(c.fileName)) return; seen.add(c.fileName); for (const i of c.imports) walk(byFile.get(i)); };
walk(entry);
const landing = chunks.find((c) => c.facadeModuleId?.endsWith("LandingPage.tsx"));
walk(landing);
const groups = new Map();
let total = 0;
for (const f of seen) {
  const c = byFile.get(f);
  const gz = gzipSync(c.code, { level: 6 }).length; total += gz;
  const mods = Object.entries(c.modules).map(([id, m]) => [id, m.renderedLength]);
  const raw = mods.reduce((a, [, n]) => a + n, 0) || 1;
  console.log(`${f} ${(gz / 1024).toFixed(1)} KB gz`);
  for (const [id, n] of mods) {
    let key = id.replace(/.*node_modules\//, "nm:").replace(root, "");
    key = key.startsWith("nm:") ? key.split("/").slice(0, key.startsWith("nm:@") ? 2 : 1).join("/") : key;
    groups.set(key, (groups.get(key) ?? 0) + (n / raw) * gz);
  }
}
console.log("total", (total / 1024).toFixed(1));
for (const [k, v] of [...groups].sort((a, b) => b[1] - a[1]).slice(0, 60)) console.log((v / 1024).toFixed(1).padStart(6), k);
