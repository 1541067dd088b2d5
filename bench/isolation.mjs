// Isolation: the latency of a trivial query (over HTTP, one every 20 ms) on an
// idle backend, while an 800 ms compute-bound query runs (a sort and a JSON round
// trip, no awaits; the target is p95 <= 10 ms, as on Convex where each function
// has its own isolate), and while that query and 30 password hashes (the scrypt
// Convex Auth's Password provider runs on sign-in) run together.
// --root <tree> measures another checkout.
// Usage: node bench/isolation.mjs [--root ../old]
import { mkdtempSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { ConvexHttpClient } from "convex/browser";
import { machine, percentile, spawnBackend, stopBackend } from "./support/backend.mjs";
import { echoFloor } from "./support/floor.mjs";

const sleep = (ms) => new Promise((r) => setTimeout(r, ms));

async function probe(http, until) {
  const times = [];
  while (!until()) {
    const t = performance.now();
    await http.query("store:counter", { name: "probe" });
    times.push(performance.now() - t);
    await sleep(20);
  }
  return times.sort((a, b) => a - b);
}

const stats = (t) => `p50 ${percentile(t, 50).toFixed(1)} ms, p95 ${percentile(t, 95).toFixed(1)} ms, max ${t.at(-1).toFixed(1)} ms (${t.length} queries)`;

console.log(machine());
const dataDir = mkdtempSync(path.join(os.tmpdir(), "lb-isolation-"));
const { child, url } = await spawnBackend(dataDir);
try {
  const http = new ConvexHttpClient(url, { logger: false });
  await http.query("store:counter", { name: "probe" });
  const idleEnd = performance.now() + 1000;
  const idle = await probe(http, () => performance.now() > idleEnd);
  const under = async (work) => {
    let busy = true;
    const running = Promise.all(work()).finally(() => (busy = false));
    await sleep(5);
    const times = await probe(http, () => !busy);
    await running;
    return times;
  };
  const computing = await under(() => [http.query("store:compute", { ms: 800 })]);
  const loaded = await under(() => [
    http.query("store:compute", { ms: 800 }),
    ...Array.from({ length: 30 }, () => new ConvexHttpClient(url, { logger: false }).action("store:hashPassword", { password: "password123" })),
  ]);
  const floor = await echoFloor();
  const vsFloor = (t) => `p95 = ${(percentile(t, 95) / floor.p95).toFixed(0)}x the WS echo floor ${floor.p95.toFixed(2)} ms`;
  console.log(`idle:                         ${stats(idle)}`);
  console.log(`during an 800 ms computation: ${stats(computing)}  (${vsFloor(computing)}; target p95 <= 10 ms)`);
  console.log(`and 30 password hashes:       ${stats(loaded)}  (${vsFloor(loaded)})`);
} finally {
  await stopBackend(child);
  rmSync(dataDir, { recursive: true, force: true });
}
