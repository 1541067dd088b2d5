// Load: N clients (the unmodified ConvexClient over WebSocket, loopback only) against a local
// backend in its own process and a temp data dir (the tests' small fixture app), for S seconds.
// The clients run in P processes of their own (--processes, default 2), so the backend's share
// of the latency is what is measured, not the clients' event loop.
// Clients are split over channels of 10 (a channel's clients share a process); each subscribes
// to its channel (live reads), and in a loop makes one-shot paginated reads (70%) or writes a
// message (30%), pausing 0.5–1.5 s.
// Prints errors (must be 0), lost writes (acknowledged but absent afterwards; must be 0), the
// update latency (write sent -> each subscriber of the channel receiving it) p50/p95/p99 (and,
// apart, of the writes sent after the first WARM_UP_MS, when every code path has run), and
// the backend's CPU time per read or write (its share, however loaded the machine is).
// Each run also measures the physical floor (WS echo + fan-out to one channel's
// subscribers + one fdatasync) and prints p95 as a ratio to it; --root <tree>
// measures another checkout's backend.
// Usage: node bench/load.mjs [--clients 1000] [--seconds 60] [--processes 2] [--root ../old]
import { spawn } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { createInterface } from "node:readline";
import { fileURLToPath } from "node:url";
import { ConvexClient } from "convex/browser";
import WebSocket from "ws";
import { arg, cpuMs, machine, percentile, rssMb, spawnBackend, stopBackend } from "./support/backend.mjs";
import { fmtFloor, liveFloor } from "./support/floor.mjs";

const CLIENTS = Number(arg("clients", 200));
const SECONDS = Number(arg("seconds", 60));
const PROCESSES = Number(arg("processes", 2));
const PER_CHANNEL = 10;
/** The start of a run: the clients' first calls, every code path of theirs and the backend's still cold. */
const WARM_UP_MS = 2000;
/** A time every process on this machine reads alike (ms). */
const clock = () => performance.timeOrigin + performance.now();
const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

/** One client process: clients [from, from + count), started when the parent says "go". */
async function clientProcess(url, from, count, tag) {
  if (!new URL(url).hostname.match(/^(127\.0\.0\.1|localhost)$/)) throw new Error(`not loopback: ${url}`);
  const sentAt = new Map(); // body -> performance.now() when sent
  const acked = new Map(); // channel -> bodies acknowledged
  const latencies = [];
  /** The deliveries of writes sent after the warm-up. */
  const warm = [];
  let goAt = Infinity;
  const stats = { reads: 0, writes: 0, errors: 0, updates: 0 };
  const fail = (what) => (error) => {
    stats.errors += 1;
    if (stats.errors <= 5) console.error(`error (${what}): ${error?.message ?? error}`);
  };

  const clients = Array.from({ length: count }, (_, k) => from + k).map((i) => ({
    i,
    channel: `${tag}-${Math.floor(i / PER_CHANNEL)}`,
    client: new ConvexClient(url, { webSocketConstructor: WebSocket, logger: false }),
  }));
  // Live reads: every client watches its channel; each new row is one update to time.
  await Promise.all(
    clients.map(
      ({ client, channel }) =>
        new Promise((resolve) => {
          let seen = -1;
          client.onUpdate(
            "messages:list",
            { channel },
            (rows) => {
              if (seen === -1) {
                seen = rows.length;
                resolve();
                return;
              }
              const now = clock();
              for (const row of rows.slice(seen)) {
                const at = sentAt.get(row.body);
                if (at !== undefined) latencies.push(now - at);
                if (at !== undefined && at - goAt >= WARM_UP_MS) warm.push(now - at);
              }
              stats.updates += 1;
              seen = rows.length;
            },
            fail("subscription"),
          );
        }),
    ),
  );
  console.log("SUBSCRIBED");
  await new Promise((resolve) => createInterface({ input: process.stdin }).once("line", resolve));

  const cpuAtGo = process.cpuUsage();
  goAt = clock();
  const deadline = performance.now() + SECONDS * 1000;
  let sequence = 0;
  await Promise.all(
    clients.map(async ({ i, client, channel }) => {
      await sleep(Math.random() * 1000);
      while (performance.now() < deadline) {
        if (Math.random() < 0.3) {
          const body = `c${i}-m${sequence++}`;
          sentAt.set(body, clock());
          try {
            await client.mutation("messages:send", { channel, author: `client-${i}`, body });
            stats.writes += 1;
            if (!acked.has(channel)) acked.set(channel, []);
            acked.get(channel).push(body);
          } catch (error) {
            fail("write")(error);
          }
        } else {
          try {
            await client.query("messages:page", { channel, paginationOpts: { numItems: 10, cursor: null } });
            stats.reads += 1;
          } catch (error) {
            fail("read")(error);
          }
        }
        await sleep(500 + Math.random() * 1000);
      }
    }),
  );
  await sleep(2000); // let the last updates arrive before closing
  const cpu = process.cpuUsage(cpuAtGo);
  const cpuMsUsed = (cpu.user + cpu.system) / 1000;

  // Lost writes: every acknowledged write must be in the database afterwards.
  const checker = new ConvexClient(url, { webSocketConstructor: WebSocket, logger: false });
  let lost = 0;
  for (const [channel, bodies] of acked) {
    const present = new Set((await checker.query("messages:list", { channel })).map((row) => row.body));
    lost += bodies.filter((body) => !present.has(body)).length;
  }
  await Promise.all([...clients.map((c) => c.client.close()), checker.close()]);
  return { ...stats, lost, latencies, warm, cpuMs: cpuMsUsed };
}

/** Starts the client processes, lets them go together, and adds up what they report. */
async function run(url, backendPid) {
  const tag = `load-${Date.now()}`;
  const channels = Math.ceil(CLIENTS / PER_CHANNEL);
  const perProcess = Math.ceil(channels / PROCESSES) * PER_CHANNEL;
  const children = [];
  for (let from = 0; from < CLIENTS; from += perProcess) {
    const count = Math.min(perProcess, CLIENTS - from);
    const child = spawn(process.execPath, [fileURLToPath(import.meta.url), "--client-process", url, "--from", String(from), "--count", String(count), "--tag", tag, "--seconds", String(SECONDS)], { stdio: ["pipe", "pipe", "inherit"] });
    const lines = createInterface({ input: child.stdout });
    const subscribed = new Promise((resolve) => lines.on("line", (l) => l === "SUBSCRIBED" && resolve()));
    const result = new Promise((resolve, reject) => {
      lines.on("line", (l) => l.startsWith("RESULT ") && resolve(JSON.parse(l.slice(7))));
      child.once("exit", (code) => reject(new Error(`client process exited (${code}) without a result`)));
    });
    children.push({ child, subscribed, result });
  }
  await Promise.all(children.map((c) => c.subscribed));
  console.log(`${CLIENTS} clients subscribed on ${channels} channels in ${children.length} processes; running ${SECONDS} s`);
  const cpuBefore = cpuMs(backendPid);
  for (const c of children) c.child.stdin.write("go\n");
  const results = await Promise.all(children.map((c) => c.result));
  const backendCpuMs = cpuMs(backendPid) - cpuBefore;
  const total = { reads: 0, writes: 0, errors: 0, updates: 0, lost: 0, latencies: [], warm: [], backendCpuMs, clientsCpuMs: 0 };
  for (const r of results) {
    for (const k of ["reads", "writes", "errors", "updates", "lost"]) total[k] += r[k];
    total.clientsCpuMs += r.cpuMs;
    total.latencies.push(...r.latencies);
    total.warm.push(...r.warm);
  }
  total.latencies.sort((a, b) => a - b);
  total.warm.sort((a, b) => a - b);
  return total;
}

/** The parent: one backend, the client processes against it, then the figures. (A client process
 * runs only its clients: it must not reach this, or it would start a backend of its own.) */
async function main() {
  console.log(machine());
  const dataDir = mkdtempSync(path.join(os.tmpdir(), "tmt-load-"));
  const { child, url } = await spawnBackend(dataDir);
  try {
    const r = await run(url, child.pid);
    const ms = (p) => `${percentile(r.latencies, p).toFixed(1)} ms`;
    console.log(`reads ${r.reads}, writes ${r.writes} (${(r.writes / SECONDS).toFixed(1)}/s), live updates ${r.updates}`);
    console.log(`errors ${r.errors}, lost writes ${r.lost}`);
    // The backend's own share, whatever else the machine runs: its CPU time per request served.
    console.log(`backend CPU ${(r.backendCpuMs / 1000).toFixed(1)} s over the run (all threads): ${(r.backendCpuMs / (r.reads + r.writes)).toFixed(2)} ms per read or write; the client processes ${(r.clientsCpuMs / 1000).toFixed(1)} s`);
    const p95 = percentile(r.latencies, 95);
    const met = p95 <= 50 && r.errors === 0 && r.lost === 0;
    console.log(`update latency (${r.latencies.length} deliveries): p50 ${ms(50)}, p95 ${ms(95)}, p99 ${ms(99)} (target at 1,000 clients: p95 <= 50 ms, 0 errors, 0 lost: ${CLIENTS >= 1000 ? (met ? "met" : "missed") : "run with --clients 1000"})`);
    const warm = (p) => `${percentile(r.warm, p).toFixed(1)} ms`;
    console.log(`  of writes sent after the first ${WARM_UP_MS / 1000} s (${r.warm.length} deliveries): p50 ${warm(50)}, p95 ${warm(95)}, p99 ${warm(99)}`);
    const floor = await liveFloor(PER_CHANNEL);
    console.log(`update p95 = ${(p95 / floor.p95).toFixed(1)}x ${fmtFloor(floor)}`);
    console.log(`backend RSS ${rssMb(child.pid)} MB; ${machine()}`);
    if (r.errors > 0 || r.lost > 0) process.exitCode = 1;
  } finally {
    await stopBackend(child);
    rmSync(dataDir, { recursive: true, force: true });
  }
}

const clientUrl = arg("client-process", null);
if (clientUrl) {
  const r = await clientProcess(clientUrl, Number(arg("from", 0)), Number(arg("count", 0)), arg("tag", "load"));
  // Exit only once the (large) line is written: a pipe is asynchronous, and exit would cut it off.
  process.stdout.write(`RESULT ${JSON.stringify(r)}\n`, () => process.exit(0));
} else {
  await main();
}

