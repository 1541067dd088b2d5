// Live-query latency of the local backend: N clients subscribe to one query,
// a writer sends mutations, and we time send -> each client's update. Each
// size also measures the physical floor (loopback WebSocket echo + fan-out of
// one pre-built message to N sockets + one fdatasync) and prints p95 as a
// ratio to it. --root <tree> measures another checkout's backend (before/after).
// Usage: node bench/live-latency.mjs [--clients 10,100,500] [--mutations 20] [--root ../old]
import { mkdtempSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { ConvexClient } from "convex/browser";
import WebSocket from "ws";
import { arg, machine, percentile, rssMb, spawnBackend, stopBackend } from "./support/backend.mjs";
import { fmtFloor, liveFloor } from "./support/floor.mjs";

const SIZES = arg("clients", "10,100,500").split(",").map(Number);
const MUTATIONS = Number(arg("mutations", "20"));
const newClient = (url) => new ConvexClient(url, { webSocketConstructor: WebSocket, logger: false });

async function run(url, n) {
  const channel = `bench-${n}-${Date.now()}`;
  const clients = Array.from({ length: n }, () => newClient(url));
  const waiting = new Map(); // expected length -> { sentAt, remaining, resolve }
  const latencies = [];
  let ready = 0;
  const allReady = new Promise((resolve) => {
    for (const c of clients) {
      let first = true;
      c.onUpdate("messages:list", { channel }, (rows) => {
        if (first) {
          first = false;
          if (++ready === n) resolve();
          return;
        }
        const w = waiting.get(rows.length);
        if (!w) return;
        latencies.push(performance.now() - w.sentAt);
        if (--w.remaining === 0) w.resolve();
      });
    }
  });
  await allReady;
  const writer = newClient(url);
  for (let i = 1; i <= MUTATIONS; i++) {
    const done = new Promise((resolve) => waiting.set(i, { sentAt: performance.now(), remaining: n, resolve }));
    await writer.mutation("messages:send", { channel, author: "bench", body: `m${i}` });
    await done;
  }
  await Promise.all([...clients, writer].map((c) => c.close()));
  latencies.sort((a, b) => a - b);
  return { p50: percentile(latencies, 50), p95: percentile(latencies, 95), p99: percentile(latencies, 99), samples: latencies.length };
}

console.log(machine());
const dataDir = mkdtempSync(path.join(os.tmpdir(), "lb-bench-"));
const { child, url } = await spawnBackend(dataDir);
try {
  for (const n of SIZES) {
    const r = await run(url, n);
    const floor = await liveFloor(n);
    console.log(
      `${String(n).padStart(4)} clients  p50 ${r.p50.toFixed(1)} ms  p95 ${r.p95.toFixed(1)} ms  p99 ${r.p99.toFixed(1)} ms  ` +
        `(${r.samples} updates)  p95 = ${(r.p95 / floor.p95).toFixed(1)}x ${fmtFloor(floor)}  backend RSS ${rssMb(child.pid)} MB`,
    );
  }
} finally {
  await stopBackend(child);
  rmSync(dataDir, { recursive: true, force: true });
}
