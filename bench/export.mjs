// Workspace export (issue 32): a business workspace with N items (default 10,000), each with
// one photo of --photo bytes (default 20,000, JPEG-headed noise: as incompressible as a
// photo), on a fresh local backend hosting this checkout's convex/. Its owner starts the
// export as the settings screen does (workspacePorts:startExport) and follows its progress
// (workspacePorts:latestPorts over HTTP) until the ZIP is ready. Prints the seconds to ready,
// the parts and their size, every part opened to count items, photos and certificates, and
// the process's peak RSS during the build against its RSS before (the backend runs in this
// process, so that is the build's memory). The floor, measured in the same run: reading every
// photo back from storage once (what any export must at least do), and the load average.
// Usage: node bench/export.mjs [--items 10000] [--photo 20000]
import { rmSync } from "node:fs";
import os from "node:os";
import { unzipSync } from "fflate";
import { signedInHttp, startSeededApp } from "./support/app.mjs";
import { arg, machine } from "./support/backend.mjs";

const ITEMS = Number(arg("items", "10000"));
const PHOTO = Number(arg("photo", "20000"));
const OWNER = "business@example.com";
const SEED_BATCH = 500;
const load = () => os.loadavg().map((x) => x.toFixed(2)).join(" ");
const mb = (bytes) => `${(bytes / 2 ** 20).toFixed(0)} MB`;

console.log(machine());
const { backend, dataDir } = await startSeededApp("bench-export-", process.env.BENCH_LOG ? console.log : () => {});
try {
  const { http } = await signedInHttp(backend.url, OWNER);
  const workspaceId = (await http.query("workspaces:listMine", {})).find((w) => w.kind === "business")._id;
  const seedStart = performance.now();
  for (let from = 0; from < ITEMS; from += SEED_BATCH) {
    const r = await backend.run("seed:bulkAssets", { email: OWNER, from, count: Math.min(SEED_BATCH, ITEMS - from) });
    if (!r.ok) throw new Error(r.message);
  }
  const photos = await backend.run("seed:benchPhotos", { workspaceId, bytes: PHOTO });
  if (!photos.ok) throw new Error(photos.message);
  console.log(`seeded ${ITEMS.toLocaleString("en-GB")} items with ${photos.value.toLocaleString("en-GB")} photos of ${PHOTO.toLocaleString("en-GB")} bytes in ${((performance.now() - seedStart) / 1000).toFixed(1)} s`);

  // The floor: every photo read back from storage once, by the same kind of action.
  const floorStart = performance.now();
  const floor = await backend.run("seed:benchReadPhotos", { workspaceId });
  if (!floor.ok) throw new Error(floor.message);
  const floorS = (performance.now() - floorStart) / 1000;

  global.gc?.();
  const rssBefore = process.memoryUsage().rss;
  let peak = rssBefore;
  const sampler = setInterval(() => (peak = Math.max(peak, process.memoryUsage().rss)), 100);
  const loadBefore = load();
  const started = performance.now();
  await http.mutation("workspacePorts:startExport", { workspaceId });
  let ports;
  for (;;) {
    ports = await http.query("workspacePorts:latestPorts", { workspaceId });
    if (ports.export.status !== "running") break;
    if (process.env.BENCH_LOG) console.log(`${((performance.now() - started) / 1000).toFixed(1)} s: ${ports.export.done}/${ports.export.total}`);
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  const seconds = (performance.now() - started) / 1000;
  clearInterval(sampler);
  if (ports.export.status !== "ready") throw new Error(`export ${ports.export.status}: ${ports.export.message}`);

  let bytes = 0;
  const counts = { items: 0, photos: 0, certificates: 0 };
  for (const url of ports.export.urls) {
    const part = new Uint8Array(await (await fetch(url)).arrayBuffer());
    bytes += part.length;
    unzipSync(part, {
      filter: (f) => {
        if (f.name.endsWith("/assets.json")) return true;
        if (/\/files\/[^/]+\/photo\.jpg$/.test(f.name)) counts.photos++;
        if (/\/certificates\/[^/]+\.pdf$/.test(f.name)) counts.certificates++;
        return false;
      },
    });
    const tables = unzipSync(part, { filter: (f) => f.name.endsWith("/assets.json") });
    for (const data of Object.values(tables)) counts.items += JSON.parse(new TextDecoder().decode(data)).length;
  }
  console.log(
    `export of ${ITEMS.toLocaleString("en-GB")} items: ready in ${seconds.toFixed(1)} s | ${ports.export.urls.length} ZIP part(s), ${mb(bytes)} | ` +
      `holds ${counts.items} items, ${counts.photos} photos, ${counts.certificates} certificates | ` +
      `peak RSS ${mb(peak)} (${mb(rssBefore)} before, +${mb(peak - rssBefore)}) | ` +
      `floor: reading the ${floor.value.toLocaleString("en-GB")} photos once ${floorS.toFixed(1)} s | load average before ${loadBefore}, after ${load()}`,
  );
} finally {
  await backend.stop();
  rmSync(dataDir, { recursive: true, force: true });
}
