// Live-query latency of the local backend, in two parts.
// Own update: one client (in this process) subscribes to its channel, sends a mutation and times
// the update that shows its write; floor: loopback WebSocket echo + fan-out of one pre-built 10-row
// message to 1 socket + one fdatasync.
// N subscribers (--clients): N ConvexClients subscribe to one channel's query; they run in
// --processes child processes of their own (default 2; bench/support/receivers.mjs), so the
// backend's share is what is measured, not this process's event loop. A writer here sends
// --mutations mutations one after another (after --warmup untimed ones, default 5: the receiver
// processes start cold), and each client's update is timed from its mutation's send (a clock all
// processes share; p50/p95/p99 over every delivery), and the backend's CPU time per mutation (all
// its threads: its share in CPU, whatever else the machine runs). Floor, measured right after with the same
// placement: echo + fan-out to N bare sockets (in the same child processes, parsing nothing; the
// time until all N have it) + one fdatasync, where round r's fan-out resends the very Transition
// text the backend sent in round r (r rows), so the measured figure and the floor differ only by
// the backend and the clients' own handling. That handling is printed too: the same N
// ConvexClients, same processes, receiving round r's Transition from a plain WebSocket server, no
// backend, timed to all of them and to each (the latter is the measured figure's statistic). It is
// not a floor, but the bench's clients' share of the figure: a backend adds to it.
// Each figure prints p95 as a ratio to its floor. Targets (issue #30): own update p95 <= 3x floor;
// 500 subscribers p95 <= 1.5x floor.
// --root <tree> measures another checkout's backend (before/after).
// --versus <tree> also starts that tree's backend and takes the own-update samples from the two
// in turn, one mutation each, with an fdatasync floor sample between: on a shared machine whose
// load swings, both then see the same moments (a before/after comparison that separate runs are not).
// Usage: node bench/live-latency.mjs [--clients 10,100,500] [--mutations 20] [--processes 2] [--warmup 5] [--root ../old] [--versus ../old]
import { mkdtempSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { ConvexClient } from "convex/browser";
import WebSocket from "ws";
import { arg, BACKEND_ROOT, cpuMs, machine, percentile, REPO, rssMb, spawnBackend, stopBackend } from "./support/backend.mjs";
import { clientHandlingFloor, fmtFloor, fsyncFloor, liveFloor } from "./support/floor.mjs";
import { clock, startReceivers } from "./support/receivers.mjs";

const SIZES = arg("clients", "10,100,500").split(",").map(Number);
const MUTATIONS = Number(arg("mutations", "20"));
const PROCESSES = Number(arg("processes", "2"));
/**
 * Rounds sent first and not timed, in the subscriber run and both of its floors alike: the receiver
 * processes start cold, and their first rounds (JIT) would otherwise count against the backend.
 */
const WARMUP = Number(arg("warmup", "5"));
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

/**
 * n subscribers (ConvexClients in the receiver processes) on a fresh channel; a writer here sends
 * MUTATIONS mutations one after another; each update is timed from its mutation's send. Returns the
 * latencies and the Transition text the backend sent each round (what the floors resend).
 */
async function run(url, n, receivers, backendPid) {
  const channel = `bench-${n}-${Date.now()}`;
  await receivers.open({ kind: "convex", url, channel }, n);
  const writer = newClient(url);
  const latencies = [];
  const sent = [];
  let cpuBefore = 0;
  for (let i = 1; i <= WARMUP + MUTATIONS; i++) {
    if (i === WARMUP + 1) cpuBefore = cpuMs(backendPid);
    const sentAt = clock();
    await writer.mutation("messages:send", { channel, author: "bench", body: `m${i}` });
    const { times, text } = await receivers.round();
    if (i > WARMUP) for (const t of times) latencies.push(t - sentAt);
    sent.push(text);
  }
  const cpuPerMutation = (cpuMs(backendPid) - cpuBefore) / MUTATIONS;
  await Promise.all([receivers.close(), writer.close()]);
  return { ...summary(latencies), sent, cpuPerMutation };
}

const VERSUS = arg("versus", null);
console.log(machine());
const dataDir = mkdtempSync(path.join(os.tmpdir(), "lb-bench-"));
const { child, url } = await spawnBackend(dataDir);
const receivers = await startReceivers(PROCESSES);
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
    const r = await run(url, n, receivers, child.pid);
    // The floor sends the bytes the backend sent, round by round, to bare sockets where the clients ran.
    const floor = await liveFloor(n, { rounds: r.sent.length, warmup: WARMUP, messages: r.sent, receivers });
    const handling = await clientHandlingFloor(n, r.sent, receivers, WARMUP);
    console.log(
      `${String(n).padStart(4)} clients  p50 ${r.p50.toFixed(1)} ms  p95 ${r.p95.toFixed(1)} ms  p99 ${r.p99.toFixed(1)} ms  ` +
        `(${r.samples} updates)  p95 = ${(r.p95 / floor.p95).toFixed(1)}x ${fmtFloor(floor)}${verdict(r.p95 / floor.p95, TARGETS[n])}  ` +
        `backend CPU ${r.cpuPerMutation.toFixed(1)} ms per mutation, RSS ${rssMb(child.pid)} MB; the floor resent the backend's Transitions, ${floor.fan.bytes.join("-")} bytes; clients in ${Math.min(n, PROCESSES)} processes`,
    );
    // Not the floor (no backend could go below it): the bench's clients' own share of the figure.
    console.log(
      `${String(n).padStart(4)} clients  ConvexClient handling alone (one pre-built Transition to each from a plain WebSocket server): ` +
        `to all p50 ${handling.p50.toFixed(1)} ms  p95 ${handling.p95.toFixed(1)} ms = ${(handling.p95 / floor.p95).toFixed(1)}x the floor; ` +
        `to each p50 ${handling.each.p50.toFixed(1)} ms  p95 ${handling.each.p95.toFixed(1)} ms = ${(handling.each.p95 / floor.p95).toFixed(1)}x the floor`,
    );
  }
  console.log(machine());
} finally {
  await receivers.stop();
  await stopBackend(child);
  rmSync(dataDir, { recursive: true, force: true });
}
