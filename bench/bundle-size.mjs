// JavaScript a first visit downloads before its first paint, per route, from a production build
// (gzip, level 6): the entry chunk and its static imports (the shell every route shares) plus the
// route's lazily loaded page chunk and what only it imports statically, plus, for every route
// but a visitor's landing page, the Convex layer (src/app/ConvexLayer.tsx: the Convex client and
// Convex Auth, a chunk the landing page paints without). Routes are read from the lazy imports of
// src/app/routes.tsx. Used by tests/e2e/bundle-budget.test.ts (the budget).
// Usage: node bench/bundle-size.mjs [--dist dist]   (without --dist: builds into a temp dir)
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { gzipSync } from "node:zlib";

export const ROOT = fileURLToPath(new URL("../", import.meta.url));
export const LANDING = "src/features/landing/LandingPage.tsx";
const CONVEX_LAYER = "src/app/ConvexLayer.tsx";
// 100 KB (#31): measured 98.7 KB (99.3 KB with the service worker's registration since; 97.4 KB with the shell in one chunk) once a visitor's landing page painted without the Convex client
// and Convex Auth (src/app/Backend.tsx; its live figures load them after the first paint), the
// router went from react-router's data router to its declarative one (the unsaved-changes guard
// holds navigations on a guarded history, src/lib/navigationGuard.tsx), and chunks were named by
// their hash alone. Nearly all the rest is React + react-dom ≈ 66 KB and the router ≈ 13 KB.
export const LANDING_BUDGET_KB = 100;
// The other public pages Lighthouse scores (#31; bench/lighthouse.mjs), shell and Convex layer
// included. Measured 124.8 and 135.4 KB once the shell was one chunk and /news's reader (Markdown,
// dialog) and sonner left the list's first download (/news was 184.4 KB).
export const PAGE_BUDGETS_KB = { "src/features/news/NewsPage.tsx": 130, "src/features/verify/VerifyPage.tsx": 140 };

/**
 * What the budget builds against. Without a VITE_CONVEX_URL, src/main.tsx renders only the
 * "not connected" notice and the whole app is tree-shaken away, so a size measured that way
 * says nothing (it once read 112.9 KB while the real landing page shipped 162 KB).
 */
export const MEASURE_CONVEX_URL = "https://bundle-budget-123.convex.cloud";

/** `vite build` of the real app, pointed at a placeholder deployment, for measuring. */
export async function buildForMeasure(outDir) {
  const saved = { url: process.env.VITE_CONVEX_URL, site: process.env.VITE_CONVEX_SITE_URL };
  process.env.VITE_CONVEX_URL = MEASURE_CONVEX_URL;
  process.env.VITE_CONVEX_SITE_URL = MEASURE_CONVEX_URL.replace(".cloud", ".site");
  try {
    await buildApp(outDir);
  } finally {
    for (const [key, value] of [["VITE_CONVEX_URL", saved.url], ["VITE_CONVEX_SITE_URL", saved.site]]) {
      if (value === undefined) delete process.env[key];
      else process.env[key] = value;
    }
  }
}

/** `vite build` into `outDir` with a manifest (the app's own vite.config.ts; VITE_* from the environment). */
export async function buildApp(outDir) {
  const { build } = await import("vite");
  // Under vitest NODE_ENV is "test", which would make Vite bundle React's development build.
  const nodeEnv = process.env.NODE_ENV;
  process.env.NODE_ENV = "production";
  try {
    await build({ root: ROOT, mode: "production", logLevel: "error", build: { outDir, manifest: true, emptyOutDir: true } });
  } finally {
    if (nodeEnv === undefined) delete process.env.NODE_ENV;
    else process.env.NODE_ENV = nodeEnv;
  }
}

/** Page modules that routes.tsx loads lazily, as manifest keys (src/features/...). */
function routePages() {
  const source = readFileSync(path.join(ROOT, "src/app/routes.tsx"), "utf8");
  const pages = [...source.matchAll(/lazy(?:Page)?\(\(\) => import\("\.\.\/([^"]+)"\)/g)].map((m) => `src/${m[1]}.tsx`);
  return [...new Set(pages)];
}

/** @typedef {{ raw: number, gzip: number, chunks: number }} Size */
/** @typedef {{ page: string, own: Size, initial: Size }} RouteSize */
/**
 * @typedef {{ shell: Size, layer: Size, landing: RouteSize, largest: RouteSize, routes: RouteSize[], connectedTo: string | null }} BundleSizes
 * `connectedTo`: the Convex URL inlined in the app's Convex client, or null for a build without one (not the real app).
 */

/**
 * Sizes from a build made with `manifest: true`. Sizes are in bytes.
 * @param {string} outDir
 * @returns {BundleSizes}
 */
export function measure(outDir) {
  const manifest = JSON.parse(readFileSync(path.join(outDir, ".vite/manifest.json"), "utf8"));
  const entryKey = Object.keys(manifest).find((k) => manifest[k].isEntry);
  if (!manifest[LANDING]) throw new Error(`${LANDING} is not a chunk of its own: is the route lazily loaded?`);
  if (!manifest[CONVEX_LAYER]) throw new Error(`${CONVEX_LAYER} is not a chunk of its own: is it lazily loaded?`);
  const closure = (key, seen = new Set()) => {
    if (seen.has(key)) return seen;
    seen.add(key);
    for (const dep of manifest[key].imports ?? []) closure(dep, seen);
    return seen;
  };
  const gzipOf = new Map();
  const size = (keys) =>
    [...keys].reduce(
      (acc, key) => {
        const file = manifest[key].file;
        if (!file.endsWith(".js")) return acc;
        if (!gzipOf.has(file)) {
          const bytes = readFileSync(path.join(outDir, file));
          gzipOf.set(file, { raw: bytes.length, gzip: gzipSync(bytes, { level: 6 }).length });
        }
        const s = gzipOf.get(file);
        return { raw: acc.raw + s.raw, gzip: acc.gzip + s.gzip, chunks: acc.chunks + 1 };
      },
      { raw: 0, gzip: 0, chunks: 0 },
    );
  const shellKeys = closure(entryKey);
  const layerKeys = [...closure(CONVEX_LAYER)].filter((k) => !shellKeys.has(k));
  const pages = routePages();
  const chunked = pages.filter((page) => manifest[page]);
  // A build without a Convex URL has no route chunks at all; a real build missing some means a lazy
  // route was folded into another page's chunk (a static import of it), and its size would go unmeasured.
  const folded = pages.filter((page) => !manifest[page]);
  if (chunked.length > 0 && folded.length > 0) throw new Error(`Lazy routes without a chunk of their own: ${folded.join(", ")}`);
  const routes = chunked
    .map((page) => {
      const own = [...closure(page)].filter((k) => !shellKeys.has(k));
      const before = page === LANDING ? own : [...own, ...layerKeys];
      return { page, own: size(own), initial: size(new Set([...shellKeys, ...before])) };
    })
    .sort((a, b) => b.initial.gzip - a.initial.gzip);
  const landing = routes.find((r) => r.page === LANDING);
  const appCode = [...shellKeys, ...layerKeys].map((key) => manifest[key].file).filter((f) => f.endsWith(".js")).map((f) => readFileSync(path.join(outDir, f), "utf8")).join("\n");
  // Whether the app talks to a deployment (the URL is inlined in its client), i.e. is the real app.
  // The Convex client's own error message names an example deployment: not the one built for.
  const urls = [...appCode.matchAll(/https:\/\/[a-z0-9-]+\.convex\.cloud/g)].map(([url]) => url);
  const connectedTo = urls.find((url) => url !== "https://happy-otter-123.convex.cloud") ?? null;
  return { shell: size(shellKeys), layer: size(layerKeys), landing, largest: routes[0], routes, connectedTo };
}

const kb = (n) => `${(n / 1024).toFixed(1)} KB`;

/** @param {BundleSizes} sizes */
export function report({ shell, layer, landing, largest, routes }) {
  const lines = [
    `shell (entry + static imports): ${kb(shell.gzip)} gzip (${kb(shell.raw)} raw, ${shell.chunks} chunks)`,
    `Convex layer (client + auth; every route but a visitor's landing page waits for it): ${kb(layer.gzip)} gzip`,
    `landing / initial JS: ${kb(landing.initial.gzip)} gzip (${kb(landing.initial.raw)} raw; page chunk(s) ${kb(landing.own.gzip)}) — budget ${LANDING_BUDGET_KB} KB`,
    ...Object.entries(PAGE_BUDGETS_KB).map(([page, budget]) => {
      const route = routes.find((r) => r.page === page);
      return `${page} initial JS: ${route ? kb(route.initial.gzip) : "?"} gzip (${route?.initial.chunks ?? "?"} chunks) — budget ${budget} KB`;
    }),
    `largest route initial JS: ${largest.page}: ${kb(largest.initial.gzip)} gzip (${kb(largest.initial.raw)} raw; page chunk(s) ${kb(largest.own.gzip)})`,
    "top routes by initial JS (gzip):",
    ...routes.slice(0, 5).map((r) => `  ${kb(r.initial.gzip).padStart(9)}  ${r.page}`),
  ];
  return lines.join("\n");
}

/** The CLI: prints the report; `--dist DIR` reads a build made with `build.manifest: true`. */
export async function main(argv = process.argv.slice(2)) {
  const i = argv.indexOf("--dist");
  if (i !== -1) {
    console.log(report(measure(path.resolve(argv[i + 1]))));
    return;
  }
  const outDir = mkdtempSync(path.join(tmpdir(), "tmt-bundle-size-"));
  try {
    await buildForMeasure(outDir);
    console.log(report(measure(outDir)));
  } finally {
    rmSync(outDir, { recursive: true, force: true });
  }
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) await main();
