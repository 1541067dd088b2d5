// The function runtime's cost on the app's own convex/: start to ready,
// a reload (bundle + load every module + components), a trivial query's
// latency over HTTP, and the process's memory; with --root <tree> the same
// figures for another checkout's local-backend/ (the "before" of a change).
// Where the tree has isolate.mjs it also times one V8 context (empty, and with
// the app's bundle evaluated), the cost a context per call would add.
// Usage: node bench/runtime.mjs [--root ../old] [--queries 400] [--reloads 5]
import { existsSync, mkdtempSync, readdirSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { pathToFileURL } from "node:url";
import v8 from "node:v8";
import vm from "node:vm";
import { ConvexHttpClient } from "convex/browser";
import { BACKEND_ROOT, REPO, arg, machine, percentile } from "./support/backend.mjs";

const QUERIES = Number(arg("queries", "400"));
const RELOADS = Number(arg("reloads", "5"));
const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
const mb = (bytes) => `${Math.round(bytes / 2 ** 20)} MB`;

console.log(machine());
const { startBackend } = await import(pathToFileURL(path.join(BACKEND_ROOT, "local-backend/index.mjs")).href);
const dataDir = mkdtempSync(path.join(os.tmpdir(), "lb-runtime-"));
const started = performance.now();
const backend = await startBackend({ dataDir, port: 0, sitePort: 0, convexDir: path.join(REPO, "convex"), log: () => {} });
const readyMs = performance.now() - started;
try {
  const reloads = [];
  for (let i = 0; i < RELOADS; i++) {
    const t = performance.now();
    await backend.reload();
    reloads.push(performance.now() - t);
  }
  const http = new ConvexHttpClient(backend.url, { logger: false });
  for (let i = 0; i < 20; i++) await http.query("landingStats:get", {});
  const times = [];
  for (let i = 0; i < QUERIES; i++) {
    const t = performance.now();
    await http.query("landingStats:get", {});
    times.push(performance.now() - t);
  }
  times.sort((a, b) => a - b);
  // Collected first, so the heap figure is what the loaded functions hold (--expose-gc would reach the action workers' flags).
  // A dropped vm context is freed by a weak callback after a collection, so several rounds.
  v8.setFlagsFromString("--expose-gc");
  const gc = vm.runInNewContext("gc");
  for (let i = 0; i < 4; i++) {
    gc();
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  const mem = process.memoryUsage();
  console.log(`start to ready ${readyMs.toFixed(0)} ms; reload median ${median(reloads).toFixed(0)} ms (${reloads.map((r) => r.toFixed(0)).join(", ")})`);
  console.log(`trivial query (landingStats:get, empty store, HTTP): p50 ${percentile(times, 50).toFixed(2)} ms, p95 ${percentile(times, 95).toFixed(2)} ms (${QUERIES} calls)`);
  console.log(`process: RSS ${mb(mem.rss)}, JS heap ${mb(mem.heapUsed)}`);

  const isolateModule = path.join(BACKEND_ROOT, "local-backend/isolate.mjs");
  if (existsSync(isolateModule)) {
    const { createIsolate, evaluateForRuntime } = await import(pathToFileURL(isolateModule).href);
    const builds = path.join(dataDir, "build");
    const latest = readdirSync(builds).filter((d) => d.startsWith("functions-")).sort().at(-1);
    const file = path.join(builds, latest, ".runtime", "modules.js");
    const hooks = { now: Date.now, random: Math.random, inTransaction: () => false, env: () => ({}), convex: {} };
    const empty = [];
    for (let i = 0; i < 20; i++) {
      const t = performance.now();
      createIsolate(hooks);
      empty.push(performance.now() - t);
    }
    const full = [];
    for (let i = 0; i < 5; i++) {
      const t = performance.now();
      const loaders = evaluateForRuntime(file, hooks);
      for (const load of Object.values(loaders)) load();
      full.push(performance.now() - t);
    }
    console.log(`one context: empty ${median(empty).toFixed(2)} ms; with the app's bundle evaluated and every module loaded ${median(full).toFixed(0)} ms (median)`);
  }
} finally {
  await backend.stop();
  rmSync(dataDir, { recursive: true, force: true });
}
