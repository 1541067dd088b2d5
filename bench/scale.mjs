// Scale: the backend with N = 10k, 100k, 1M documents in one table. For each N
// it times (p50 over many calls, over HTTP from a ConvexHttpClient) an indexed
// point read, a 50-row page, a read of a 10-row table beside the big one and
// a single write; then restart to ready, RSS and data size (after the load and
// after the restart, which compacts a file left mostly free by the load). The floor is the
// loopback WebSocket echo measured in the same run.
// Usage: node bench/scale.mjs [--sizes 10000,100000,1000000] [--root ../old]
import { execFileSync } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { ConvexHttpClient } from "convex/browser";
import { arg, machine, percentile, rssMb, spawnBackend, stopBackend } from "./support/backend.mjs";
import { echoFloor, fsyncFloor } from "./support/floor.mjs";

const SIZES = arg("sizes", "10000,100000,1000000").split(",").map(Number);
const BATCH = 4000;

async function timed(n, fn) {
  const times = [];
  for (let i = 0; i < n; i++) {
    const t = performance.now();
    await fn(i);
    times.push(performance.now() - t);
  }
  times.sort((a, b) => a - b);
  return percentile(times, 50);
}

const duMb = (dir) => Math.round(Number(execFileSync("du", ["-sk", dir]).toString().split("\t")[0]) / 1024);

console.log(machine());
const echo = await echoFloor();
const sync = fsyncFloor();
console.log(`floor: WS echo p50 ${echo.p50.toFixed(3)} ms, fdatasync p50 ${sync.p50.toFixed(3)} ms`);
for (const n of SIZES) {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), "lb-scale-"));
  let { child, url } = await spawnBackend(dataDir);
  try {
    let http = new ConvexHttpClient(url, { logger: false });
    const fillStart = performance.now();
    for (let from = 0; from < n; from += BATCH) await http.mutation("store:fill", { from, count: Math.min(BATCH, n - from) });
    for (let i = 0; i < 10; i++) await http.mutation("store:addSmall", { n: i });
    const fillS = (performance.now() - fillStart) / 1000;
    const measure = async () => ({
      point: await timed(200, () => http.query("store:byKey", { key: Math.floor(Math.random() * n) })),
      page: await timed(50, () => http.query("store:itemsPage", { from: Math.floor(Math.random() * (n - 50)) })),
      small: await timed(200, () => http.query("store:smallList", {})),
      write: await timed(50, (i) => http.mutation("messages:send", { channel: "w", author: "a", body: `${i}` })),
    });
    const warm = await measure();
    const loadedSize = duMb(dataDir);
    await stopBackend(child);
    ({ child, url } = await spawnBackend(dataDir).then((b) => ({ ...b, readyMsOut: b.readyMs })).then((b) => {
      console.log(`N=${n}: restart to ready ${b.readyMs.toFixed(0)} ms`);
      return b;
    }));
    http = new ConvexHttpClient(url, { logger: false });
    const afterRestart = await measure();
    const rss = rssMb(child.pid);
    const size = duMb(dataDir);
    const r = (x) => `${x.toFixed(2)} ms (${(x / echo.p50).toFixed(1)}x echo)`;
    console.log(
      `N=${n}: fill ${fillS.toFixed(1)} s | point read ${r(warm.point)} | 50-row page ${r(warm.page)} | 10-row table ${r(warm.small)} | ` +
        `write ${r(warm.write)} | after restart: point ${r(afterRestart.point)}, write ${r(afterRestart.write)} | RSS ${rss} MB | ` +
        `data ${loadedSize} MB after the load, ${size} MB after restart`,
    );
  } finally {
    await stopBackend(child);
    rmSync(dataDir, { recursive: true, force: true });
  }
}
