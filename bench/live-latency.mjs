// Live-query latency of the local backend: N clients subscribe to one query,
// a writer sends mutations, and we time send -> each client's update. Each
// size also measures the physical floor (loopback WebSocket echo + fan-out of
// one pre-built message to N sockets + one fdatasync) and prints p95 as a
// ratio to it. --root <tree> measures another checkout's backend (before/after).
// First, one client's own update: it subscribes, sends a mutation and times the
// update that shows its write (floor: echo + fan-out to 1 + one fdatasync).
// Targets (issue #30): own update p95 <= 3x floor; 500 subscribers p95 <= 1.5x floor.
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
/** The targets, as ratios of p95 to the floor. */
const TARGETS = { own: 3, 500: 1.5 };
const verdict = (ratio, target) => (target === undefined ? "" : `  (target <= ${target}x: ${ratio <= target ? "met" : "missed"})`);

/** One client's own update: send a mutation, time until its own subscription shows the row. */
async function ownUpdate(url) {
  const channel = `own-${Date.now()}`;
  const c = newClient(url);
  let expected = null;
  let seen = null;
  const updated = () => new Promise((resolve) => (expected = { resolve }));
  c.onUpdate("messages:list", { channel }, (rows) => {
    seen = rows.length;
    expected?.resolve(rows.length);
  });
  while (seen === null) await new Promise((resolve) => setTimeout(resolve, 10));
  const latencies = [];
  for (let i = 1; i <= MUTATIONS * 5; i++) {
    const shown = updated();
    const sentAt = performance.now();
    await c.mutation("messages:send", { channel, author: "own", body: `m${i}` });
    while ((await shown) < i) await updated();
    latencies.push(performance.now() - sentAt);
  }
  await c.close();
  latencies.sort((a, b) => a - b);
  return { p50: percentile(latencies, 50), p95: percentile(latencies, 95), p99: percentile(latencies, 99), samples: latencies.length };
}

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
  const own = await ownUpdate(url);
  const ownFloor = await liveFloor(1);
  const ownRatio = own.p95 / ownFloor.p95;
  console.log(
    `own update  p50 ${own.p50.toFixed(1)} ms  p95 ${own.p95.toFixed(1)} ms  p99 ${own.p99.toFixed(1)} ms  (${own.samples} mutations)  ` +
      `p95 = ${ownRatio.toFixed(1)}x ${fmtFloor(ownFloor)}${verdict(ownRatio, TARGETS.own)}`,
  );
  for (const n of SIZES) {
    const r = await run(url, n);
    const floor = await liveFloor(n);
    console.log(
      `${String(n).padStart(4)} clients  p50 ${r.p50.toFixed(1)} ms  p95 ${r.p95.toFixed(1)} ms  p99 ${r.p99.toFixed(1)} ms  ` +
        `(${r.samples} updates)  p95 = ${(r.p95 / floor.p95).toFixed(1)}x ${fmtFloor(floor)}${verdict(r.p95 / floor.p95, TARGETS[n])}  backend RSS ${rssMb(child.pid)} MB`,
    );
  }
  console.log(machine());
} finally {
  await stopBackend(child);
  rmSync(dataDir, { recursive: true, force: true });
}
