// Lighthouse (the npm package) on the production build served locally: a fresh seeded local
// backend in a temp dir, `vite build` pointed at it, `vite preview` on loopback, and the same
// Chromium the E2E suite uses (CHROME_PATH, a system Chromium, or @sparticuz/chromium).
// Prints performance and accessibility scores with FCP, LCP, TBT, CLS and Speed Index for /, /news
// and /verify/{a seeded serial}, medians of --runs runs (the machine is shared: one run says
// little), with the load average and a floor (a static one-heading page, same server, same throttling).
// Usage: node bench/lighthouse.mjs [--desktop] [--runs 3]   (default: Lighthouse's mobile preset)
import { existsSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { createServer } from "node:net";
import os from "node:os";
import path from "node:path";
import * as chromeLauncher from "chrome-launcher";
import { ConvexHttpClient } from "convex/browser";
import lighthouse, { desktopConfig } from "lighthouse";
import { preview } from "vite";
import { startApp } from "../scripts/app-startup.mjs";
import { buildApp, ROOT } from "./bundle-size.mjs";

const DESKTOP = process.argv.includes("--desktop");
const runsAt = process.argv.indexOf("--runs");
const RUNS = runsAt === -1 ? 3 : Number(process.argv[runsAt + 1]);
const FLOOR_PAGE = `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>Floor</title></head><body><h1>Floor</h1></body></html>`;

async function chromePath() {
  const candidates = [process.env.CHROME_PATH, "/usr/bin/chromium", "/usr/bin/chromium-browser", "/usr/bin/google-chrome"];
  const found = candidates.find((p) => p && existsSync(p));
  if (found) return found;
  return (await import("@sparticuz/chromium")).default.executablePath();
}

const freePort = () =>
  new Promise((resolve, reject) => {
    const server = createServer();
    server.once("error", reject);
    server.listen(0, "127.0.0.1", () => {
      const { port } = server.address();
      server.close(() => resolve(port));
    });
  });

const work = mkdtempSync(path.join(os.tmpdir(), "tmt-lighthouse-"));
const cleanups = [];
try {
  const port = await freePort();
  const appUrl = `http://127.0.0.1:${port}`;
  const backend = await startApp({
    dataDir: path.join(work, "data"),
    port: 0,
    sitePort: 0,
    convexDir: path.join(ROOT, "convex"),
    siteUrl: appUrl,
    log: () => {},
  });
  cleanups.push(() => backend.stop());
  process.env.VITE_CONVEX_URL = backend.url;
  process.env.VITE_CONVEX_SITE_URL = backend.siteUrl;
  const outDir = path.join(work, "dist");
  await buildApp(outDir);
  const server = await preview({ root: ROOT, logLevel: "error", build: { outDir }, preview: { host: "127.0.0.1", port, strictPort: true } });
  cleanups.push(() => new Promise((resolve) => server.httpServer.close(resolve)));

  const anonymous = new ConvexHttpClient(backend.url, { logger: false });
  const { page } = await anonymous.query("publicAssets:list", { paginationOpts: { numItems: 1, cursor: null } });
  const paths = ["/", "/news", `/verify/${page[0].serial}`];

  const chrome = await chromeLauncher.launch({
    chromePath: await chromePath(),
    chromeFlags: ["--headless=new", "--no-sandbox", "--disable-gpu", "--disable-dev-shm-usage", "--use-gl=angle", "--use-angle=swiftshader"],
  });
  cleanups.push(() => chrome.kill());

  // The floor: a static page of one heading from the same server, under the same throttling (what
  // a page can score on this machine now, however light).
  writeFileSync(path.join(outDir, "floor.html"), FLOOR_PAGE);
  const targets = [...paths, "/floor.html"];

  const load = () => os.loadavg().map((l) => l.toFixed(2)).join(" ");
  console.log(`Lighthouse ${DESKTOP ? "desktop" : "mobile"} preset (simulated throttling), production build on ${appUrl}`);
  console.log(`${RUNS} runs per page after a warm-up; medians. Load average before: ${load()}`);
  console.log("path                          perf  a11y    FCP     LCP     TBT     CLS     SI    (perf per run)");
  for (const p of targets) {
    // A warm-up load first, so the figure is not the backend's first query compile.
    await lighthouse(`${appUrl}${p}`, { port: chrome.port, logLevel: "error", onlyCategories: ["performance"] }, DESKTOP ? desktopConfig : undefined);
    const runs = [];
    for (let i = 0; i < RUNS; i++) {
      const result = await lighthouse(
        `${appUrl}${p}`,
        { port: chrome.port, logLevel: "error", output: "json", onlyCategories: ["performance", "accessibility"] },
        DESKTOP ? desktopConfig : undefined,
      );
      runs.push(result.lhr);
    }
    const median = (values) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];
    const metric = (id) => median(runs.map((lhr) => lhr.audits[id].numericValue));
    const score = (c) => median(runs.map((lhr) => Math.round((lhr.categories[c].score ?? 0) * 100)));
    const ms = (id) => `${Math.round(metric(id))}`.padStart(5) + " ms";
    const perRun = runs.map((lhr) => Math.round((lhr.categories.performance.score ?? 0) * 100)).join(" ");
    // Lighthouse's own CPU benchmark of this run: its 4x CPU slowdown assumes a quiet machine (the
    // figure is lower on a loaded one, and every script-bound figure above is inflated with it).
    const cpu = Math.round(median(runs.map((lhr) => lhr.environment.benchmarkIndex)));
    console.log(
      `${p.padEnd(28)} ${String(score("performance")).padStart(4)}  ${String(score("accessibility")).padStart(4)} ${ms("first-contentful-paint")} ${ms("largest-contentful-paint")} ${ms("total-blocking-time")}  ${metric("cumulative-layout-shift").toFixed(3)} ${ms("speed-index")}  (${perRun})  CPU index ${cpu}`,
    );
    // Of the median run: what shifted and what the LCP element was, so a regression points at its cause.
    const { audits, categories } = runs.find((lhr) => Math.round((lhr.categories.performance.score ?? 0) * 100) === score("performance"));
    for (const item of audits["layout-shifts"]?.details?.items ?? []) {
      console.log(`    shift ${item.score.toFixed(3)}: ${item.node?.selector ?? "?"} ${JSON.stringify(item.node?.nodeLabel ?? "").slice(0, 60)}`);
    }
    const lcpNode = audits["largest-contentful-paint-element"]?.details?.items?.[0]?.items?.[0]?.node;
    if (lcpNode) console.log(`    LCP element: ${lcpNode.selector} ${JSON.stringify(lcpNode.nodeLabel ?? "").slice(0, 60)}`);
    for (const [id, audit] of Object.entries(audits)) {
      if (audit.score !== null && audit.score < 1 && categories.accessibility.auditRefs.some((r) => r.id === id && r.weight > 0)) {
        console.log(`    a11y: ${id} — ${audit.title}`);
      }
    }
  }
  console.log(`Load average after: ${load()}`);
  console.log(`Machine: ${os.cpus().length} cores (${os.cpus()[0]?.model ?? "?"}), Node ${process.version}, ${os.platform()}`);
} finally {
  for (const cleanup of cleanups.reverse()) await Promise.resolve(cleanup()).catch(() => {});
  rmSync(work, { recursive: true, force: true });
}
