// Live-query latency of the local backend: N clients subscribe to one query,
// a writer sends mutations, and we time send -> each client's update. Each
// size also measures the physical floor (loopback WebSocket echo + fan-out of
// one pre-built message to N sockets + one fdatasync) and prints p95 as a
// ratio to it. --root <tree> measures another checkout's backend (before/after).
// First, one client's own update: it subscribes, sends a mutation and times the
// update that shows its write (floor: echo + fan-out to 1 + one fdatasync).
// Targets (issue #30): own update p95 <= 3x floor; 500 subscribers p95 <= 1.5x floor. Each size
// also prints what its ConvexClients alone take to handle one pre-built Transition each (they
// share this process, so the figure includes it; the floor's clients are bare WebSockets).
// --versus <tree> also starts that tree's backend and takes the own-update samples from the two
// in turn, one mutation each, with an fdatasync floor sample between: on a shared machine whose
// load swings, both then see the same moments (a before/after comparison that separate runs are not).
// Usage: node bench/live-latency.mjs [--clients 10,100,500] [--mutations 20] [--root ../old] [--versus ../old]
import { mkdtempSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { ConvexClient } from "convex/browser";
import WebSocket from "ws";
import { arg, BACKEND_ROOT, machine, percentile, REPO, rssMb, spawnBackend, stopBackend } from "./support/backend.mjs";
import { clientHandlingFloor, fmtFloor, fsyncFloor, liveFloor } from "./support/floor.mjs";

const SIZES = arg("clients", "10,100,500").split(",").map(Number);
const MUTATIONS = Number(arg("mutations", "20"));
const newClient = (url) => new ConvexClient(url, { webSocketConstructor: WebSocket, logger: false });
/** The targets, as ratios of p95 to the floor. */
const TARGETS = { own: 3, 500: 1.5 };
const verdict = (ratio, target) => (target === undefined ? "" : `  (target <= ${target}x: ${ratio <= target ? "met" : "missed"})`);

/** A client subscribed to its own channel; `sample()` sends one mutation and times until its subscription shows the row. */
async function ownClient(url) {
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
  let i = 0;
  const latencies = [];
  return {
    latencies,
    async sample() {
      i += 1;
      const shown = updated();
      const sentAt = performance.now();
      await c.mutation("messages:send", { channel, author: "own", body: `m${i}` });
      while ((await shown) < i) await updated();
      latencies.push(performance.now() - sentAt);
    },
    close: () => c.close(),
  };
}

const summary = (latencies) => {
  const sorted = [...latencies].sort((a, b) => a - b);
  return { p50: percentile(sorted, 50), p95: percentile(sorted, 95), p99: percentile(sorted, 99), samples: sorted.length };
};

/** One client's own update: send a mutation, time until its own subscription shows the row. */
async function ownUpdate(url) {
  const own = await ownClient(url);
  for (let i = 0; i < MUTATIONS * 5; i++) await own.sample();
  await own.close();
  return summary(own.latencies);
}

/** Own updates from this tree's backend and another's in turn, with an fdatasync floor sample after each pair. */
async function ownVersus(url, otherUrl) {
  const [own, other] = [await ownClient(url), await ownClient(otherUrl)];
  const syncs = [];
  for (let i = 0; i < MUTATIONS * 5; i++) {
    await own.sample();
    await other.sample();
    syncs.push(fsyncFloor(1).p50);
  }
  await Promise.all([own.close(), other.close()]);
  return { own: summary(own.latencies), other: summary(other.latencies), sync: summary(syncs) };
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

const VERSUS = arg("versus", null);
console.log(machine());
const dataDir = mkdtempSync(path.join(os.tmpdir(), "lb-bench-"));
const { child, url } = await spawnBackend(dataDir);
try {
  if (VERSUS) {
    const otherDir = mkdtempSync(path.join(os.tmpdir(), "lb-bench-"));
    const other = await spawnBackend(otherDir, { root: path.resolve(VERSUS) });
    try {
      const r = await ownVersus(url, other.url);
      const line = (name, x) => `own update, ${name}: p50 ${x.p50.toFixed(1)} ms  p95 ${x.p95.toFixed(1)} ms  p99 ${x.p99.toFixed(1)} ms (${x.samples} mutations)`;
      console.log(line(BACKEND_ROOT === REPO ? "this checkout" : BACKEND_ROOT, r.own));
      console.log(line(path.resolve(VERSUS), r.other));
      console.log(`fdatasync between them: p50 ${r.sync.p50.toFixed(2)} ms  p95 ${r.sync.p95.toFixed(2)} ms; ${machine()}`);
    } finally {
      await stopBackend(other.child);
      rmSync(otherDir, { recursive: true, force: true });
    }
  }
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
    const handling = await clientHandlingFloor(n, MUTATIONS, newClient);
    console.log(
      `${String(n).padStart(4)} clients  p50 ${r.p50.toFixed(1)} ms  p95 ${r.p95.toFixed(1)} ms  p99 ${r.p99.toFixed(1)} ms  ` +
        `(${r.samples} updates)  p95 = ${(r.p95 / floor.p95).toFixed(1)}x ${fmtFloor(floor)}${verdict(r.p95 / floor.p95, TARGETS[n])}  backend RSS ${rssMb(child.pid)} MB`,
    );
    // Not the floor (no backend could go below it): the bench's own clients' share of the figure.
    console.log(
      `${String(n).padStart(4)} clients  ConvexClient handling alone (one pre-built Transition to each from a plain WebSocket server): ` +
        `p50 ${handling.p50.toFixed(1)} ms  p95 ${handling.p95.toFixed(1)} ms = ${(handling.p95 / floor.p95).toFixed(1)}x the floor`,
    );
  }
  console.log(machine());
} finally {
  await stopBackend(child);
  rmSync(dataDir, { recursive: true, force: true });
}
