// Workspace import (issue 32): a business workspace with N items (default 10,000), each with
// one photo of --photo bytes (default 20,000, JPEG-headed noise), on a fresh local backend
// hosting this checkout's convex/, is exported as the settings screen does; its ZIP parts are
// then uploaded (POST /import-zip, as the screen does) into a new household of the same owner
// and imported, following the import's progress (workspacePorts:latestPorts) until it is done.
// Prints the seconds to done, the parts and their size, what the report says, the items and
// photos that arrived, and the process's peak RSS during the import against its RSS before
// (the backend runs in this process). The floor, measured in the same run: storing every
// photo once (what any import of them must at least do), and the load average.
// Usage: node bench/import.mjs [--items 10000] [--photo 20000]
import { rmSync } from "node:fs";
import os from "node:os";
import { signedInHttp, startSeededApp } from "./support/app.mjs";
import { arg, machine } from "./support/backend.mjs";

const ITEMS = Number(arg("items", "10000"));
const PHOTO = Number(arg("photo", "20000"));
const OWNER = "business@example.com";
const SEED_BATCH = 500;
const load = () => os.loadavg().map((x) => x.toFixed(2)).join(" ");
const mb = (bytes) => `${(bytes / 2 ** 20).toFixed(0)} MB`;
const seconds = (since) => ((performance.now() - since) / 1000).toFixed(1);

async function until(check, what) {
  for (;;) {
    const state = await check();
    if (state !== null) return state;
    if (process.env.BENCH_LOG) console.log(what);
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
}

console.log(machine());
const { backend, dataDir } = await startSeededApp("bench-import-", process.env.BENCH_LOG ? console.log : () => {});
try {
  const { http, token } = await signedInHttp(backend.url, OWNER);
  const source = (await http.query("workspaces:listMine", {})).find((w) => w.kind === "business")._id;
  // The demo's own items count: the workspace holds ITEMS in all (an import brings at most 10,000).
  const demo = await backend.run("seed:benchPhotoless", { workspaceId: source, cursor: null });
  if (!demo.ok || !demo.value.isDone) throw new Error("the demo workspace is not as expected");
  for (let from = 0; from < ITEMS - demo.value.ids.length; from += SEED_BATCH) {
    const r = await backend.run("seed:bulkAssets", { email: OWNER, from, count: Math.min(SEED_BATCH, ITEMS - demo.value.ids.length - from) });
    if (!r.ok) throw new Error(r.message);
  }
  // The floor: every photo stored once, by the same kind of action.
  const floorStart = performance.now();
  const photos = await backend.run("seed:benchPhotos", { workspaceId: source, bytes: PHOTO });
  if (!photos.ok) throw new Error(photos.message);
  const floorS = seconds(floorStart);

  const exportStart = performance.now();
  await http.mutation("workspacePorts:startExport", { workspaceId: source });
  const exported = await until(async () => {
    const e = (await http.query("workspacePorts:latestPorts", { workspaceId: source })).export;
    return e.status === "running" ? null : e;
  }, "exporting");
  if (exported.status !== "ready") throw new Error(`export ${exported.status}: ${exported.message}`);
  const exportS = seconds(exportStart);
  const parts = [];
  for (const url of exported.urls) parts.push(new Uint8Array(await (await fetch(url)).arrayBuffer()));
  const bytes = parts.reduce((sum, p) => sum + p.length, 0);

  const target = await http.mutation("workspaces:create", { name: "Import bench", kind: "household" });
  const fund = await backend.run("lib/ledger:earnWorkspaceTokens", { workspaceId: target, amount: 2 * ITEMS + 1000, source: "admin_grant", description: "import bench" });
  if (!fund.ok) throw new Error(fund.message);

  global.gc?.();
  const rssBefore = process.memoryUsage().rss;
  let peak = rssBefore;
  const sampler = setInterval(() => (peak = Math.max(peak, process.memoryUsage().rss)), 100);
  const loadBefore = load();
  const started = performance.now();
  const site = `http://127.0.0.1:${backend.sitePort}`;
  for (const part of parts) {
    const response = await fetch(`${site}/import-zip?workspaceId=${target}`, { method: "POST", headers: { "Content-Type": "application/zip", Authorization: `Bearer ${token}` }, body: part });
    if (!response.ok) throw new Error(`upload ${response.status}: ${await response.text()}`);
  }
  const uploadS = seconds(started);
  await http.mutation("workspacePorts:startImport", { workspaceId: target });
  const imported = await until(async () => {
    const i = (await http.query("workspacePorts:latestPorts", { workspaceId: target })).import;
    return i.status === "running" || i.status === "undoing" ? null : i;
  }, "importing");
  const importS = seconds(started);
  clearInterval(sampler);
  if (imported.status !== "ready") throw new Error(`import ${imported.status}: ${imported.message}`);
  // What arrived: every item of the household and its photo, paged as bench/export.mjs's seed reads them.
  const arrived = { items: 0, photos: 0 };
  for (const [fn, key] of [["seed:benchPhotoIds", "photos"], ["seed:benchPhotoless", "items"]]) {
    for (let cursor = null; ; ) {
      const page = await backend.run(fn, { workspaceId: target, cursor });
      if (!page.ok) throw new Error(page.message);
      arrived[key] += page.value.ids.length;
      if (page.value.isDone) break;
      cursor = page.value.cursor;
    }
  }
  arrived.items += arrived.photos;
  console.log(
    `import of ${ITEMS.toLocaleString("en-GB")} items: done in ${importS} s (upload ${uploadS} s) | ${parts.length} ZIP part(s), ${mb(bytes)} | ` +
      `report: ${imported.report.items} items, ${imported.report.files} files, ${imported.report.kept} kept their serial, ${imported.report.renumbered} renumbered | ` +
      `household holds ${arrived.items} items, ${arrived.photos} photos | peak RSS ${mb(peak)} (${mb(rssBefore)} before, +${mb(peak - rssBefore)}) | ` +
      `export before it: ${exportS} s | floor: storing the ${photos.value.toLocaleString("en-GB")} photos once ${floorS} s | load average before ${loadBefore}, after ${load()}`,
  );
} finally {
  await backend.stop();
  rmSync(dataDir, { recursive: true, force: true });
}
