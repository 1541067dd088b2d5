// Registry benchmark, the CSV import: a business imports N rows (default 10,000)
// on a fresh local backend hosting this checkout's convex/ (seeded demo data),
// as the screen does it: imports.start (check, price, charge, queue the batches
// on the workpool), then the live progress (imports.current over WebSocket)
// until the job is done. Prints the seconds from the click to the last batch,
// the time to the first progress figure, the CPU time the process used (backend
// and client: the import's cost on an idle machine) and the load average; then
// the floor: the store's documents and index entries written straight to LMDB.
// Usage: node bench/registry/import.mjs [--rows 10000] [--runs 1]
import { mkdtempSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { ConvexClient, ConvexHttpClient } from "convex/browser";
import WebSocket from "ws";
import { threadCpuMs } from "../../local-backend/thread-cpu.mjs";
import { startApp } from "../../scripts/app-startup.mjs";
import { arg, machine, REPO } from "../support/backend.mjs";
import { benchCsv, priceOf, signInBusiness, storeFloor } from "./import-support.mjs";

const ROWS = Number(arg("rows", 10_000));
const RUNS = Number(arg("runs", 1));
const load = () => os.loadavg().map((x) => x.toFixed(2)).join(" ");

console.log(machine());
const dataDir = mkdtempSync(path.join(os.tmpdir(), "bench-import-"));
const backend = await startApp({ dataDir, port: 0, sitePort: 0, convexDir: path.join(REPO, "convex"), log: process.env.BENCH_LOG ? console.log : () => {} });
let stopped = false;
try {
  const { token, workspaceId } = await signInBusiness(backend);
  const http = new ConvexHttpClient(backend.url, { logger: false });
  http.setAuth(token);
  const live = new ConvexClient(backend.url, { webSocketConstructor: WebSocket, logger: false });
  live.setAuth(async () => token);
  for (let run = 1; run <= RUNS; run++) {
    // Each run imports new SKUs, so every row creates an item (the priced, slowest path).
    const csv = benchCsv(ROWS, `R${run}`);
    const mapping = { name: 0, sku: 1, quantity: 2, unit_cost: 3, location: 4, category: 5, description: 6 };
    const loadBefore = load();
    // The backend runs in this process: its CPU time (main thread and action workers) is
    // what the import costs on an idle machine, whatever the load makes of the wall time.
    const cpuBefore = process.cpuUsage();
    // This thread serves every syscall and commit: its share is what one core can take.
    const mainBefore = threadCpuMs();
    const started = performance.now();
    const wallStart = Date.now();
    let firstProgress = null;
    let timer;
    const finished = new Promise((resolve, reject) => {
      const stop = live.onUpdate("imports:current", { workspaceId }, (job) => {
        // Only this run's job (the previous run's finished job is still the latest until start returns).
        if (job === null || job.createdAt < wallStart) return;
        if (firstProgress === null && job.done > 0) firstProgress = performance.now() - started;
        if (process.env.BENCH_LOG) console.log(`${((performance.now() - started) / 1000).toFixed(2)} s: ${job.status} ${job.done}/${job.total}`);
        if (job.status === "done") resolve(job);
        else if (job.status === "failed" || job.status === "cancelled") reject(new Error(`import ${job.status}: ${job.error}`));
      });
      timer = setTimeout(() => { stop(); reject(new Error("timed out after 120 s")); }, Number(process.env.BENCH_TIMEOUT ?? 120_000));
    });
    const { jobId, cost } = await http.action("imports:start", { workspaceId, fileName: `bench-${run}.csv`, csv, mapping, onDuplicate: "skip", expectedCost: priceOf(ROWS) });
    const queued = performance.now() - started;
    const job = await finished.finally(() => clearTimeout(timer));
    const seconds = (performance.now() - started) / 1000;
    const cpu = process.cpuUsage(cpuBefore);
    const cpuSeconds = (cpu.user + cpu.system) / 1e6;
    const mainSeconds = mainBefore === null ? NaN : (threadCpuMs() - mainBefore) / 1000;
    console.log(
      `run ${run}: ${ROWS.toLocaleString("en-GB")} rows imported in ${seconds.toFixed(2)} s` +
        `${ROWS === 10_000 ? ` (target <= 4 s: ${seconds <= 4 ? "met" : "missed"})` : ""} ` +
        `(${Math.round(ROWS / seconds)} rows/s; checked, charged ${cost} TMT and queued in ${(queued / 1000).toFixed(2)} s; ` +
        `first progress at ${((firstProgress ?? 0) / 1000).toFixed(2)} s; job ${jobId} ${job.status}, ${job.done}/${job.total}); ` +
        `CPU used ${cpuSeconds.toFixed(2)} s (${Math.round((cpuSeconds / seconds) * 100)}% of one core over the run), ${mainSeconds.toFixed(2)} s of it on the serving thread; ` +
        `load average before ${loadBefore}, after ${load()}`,
    );
  }
  await live.close();
  await backend.stop();
  stopped = true;
  const floor = await storeFloor(dataDir);
  console.log(
    `floor: the store's ${floor.docs.toLocaleString("en-GB")} documents and ${floor.entries.toLocaleString("en-GB")} index entries (the seed's and every run's) ` +
      `written straight to LMDB in ${floor.transactions} synced transactions: ${floor.seconds.toFixed(2)} s; load average ${load()}`,
  );
} finally {
  if (!stopped) await backend.stop();
  rmSync(dataDir, { recursive: true, force: true });
}
