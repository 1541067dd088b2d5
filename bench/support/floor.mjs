// The physical floor of a latency figure, measured in the same run on the
// same machine: a loopback WebSocket echo, the fan-out of one pre-built
// message to N sockets, and one fdatasync. Benchmarks print their figures as
// a ratio to it, so runs on noisy machines can be compared.
import { closeSync, fdatasyncSync, mkdtempSync, openSync, rmSync, writeSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import WebSocket, { WebSocketServer } from "ws";
import { percentile } from "./backend.mjs";
import { clock } from "./receivers.mjs";

async function withServer(fn) {
  const wss = new WebSocketServer({ port: 0, host: "127.0.0.1" });
  await new Promise((r) => wss.once("listening", r));
  try {
    return await fn(wss, `ws://127.0.0.1:${wss.address().port}`);
  } finally {
    for (const c of wss.clients) c.terminate();
    await new Promise((r) => wss.close(r));
  }
}

/** Round trip of a small message over a loopback WebSocket (p50/p95 ms). */
export async function echoFloor(samples = 200) {
  return withServer(async (wss, url) => {
    wss.on("connection", (ws) => ws.on("message", (d) => ws.send(d)));
    const ws = new WebSocket(url);
    await new Promise((r) => ws.once("open", r));
    const times = [];
    for (let i = 0; i < samples; i++) {
      const t = performance.now();
      ws.send(`{"type":"Ping","i":${i}}`);
      await new Promise((r) => ws.once("message", r));
      times.push(performance.now() - t);
    }
    ws.close();
    times.sort((a, b) => a - b);
    return { p50: percentile(times, 50), p95: percentile(times, 95) };
  });
}

/** Today's stand-in for an update: a 10-row Transition (for benches that do not capture their own). */
const TEN_ROWS = JSON.stringify({ type: "Transition", modifications: [{ type: "QueryUpdated", value: Array.from({ length: 10 }, (_, i) => ({ author: "a", body: `m${i}` })) }] });

/**
 * Time for one pre-built message to reach all of `n` sockets (p50/p95 ms over rounds).
 * `messages`: round r sends messages[r % length] (e.g. the Transitions a backend sent, so the floor
 * moves the same bytes). `receivers`: bare sockets in processes of their own (see receivers.mjs);
 * without them, in this process.
 * @param {number} n
 * `warmup`: the first rounds are sent but not timed.
 * @param {{ rounds?: number, warmup?: number, messages?: string[], receivers?: Awaited<ReturnType<typeof import("./receivers.mjs").startReceivers>> | null }} [opts]
 */
export async function fanOutFloor(n, { rounds = 20, warmup = 0, messages = [TEN_ROWS], receivers = null } = {}) {
  return withServer(async (wss, url) => {
    const times = [];
    if (receivers) {
      await receivers.open({ kind: "bare", url }, n);
      for (let r = 0; r < rounds; r++) {
        const message = messages[r % messages.length];
        const t = clock();
        for (const s of wss.clients) s.send(message);
        const { times: arrivals } = await receivers.round();
        if (r >= warmup) times.push(Math.max(...arrivals) - t);
      }
      await receivers.close();
    } else {
      const clients = await Promise.all(
        Array.from({ length: n }, () => new Promise((resolve) => {
          const ws = new WebSocket(url);
          ws.once("open", () => resolve(ws));
        })),
      );
      for (let r = 0; r < rounds; r++) {
        const message = messages[r % messages.length];
        let remaining = n;
        const t = performance.now();
        const all = new Promise((resolve) => {
          for (const c of clients) c.once("message", () => --remaining === 0 && resolve());
        });
        for (const s of wss.clients) s.send(message);
        await all;
        if (r >= warmup) times.push(performance.now() - t);
      }
      for (const c of clients) c.close();
    }
    times.sort((a, b) => a - b);
    const bytes = messages.map((m) => Buffer.byteLength(m));
    return { p50: percentile(times, 50), p95: percentile(times, 95), bytes: [Math.min(...bytes), Math.max(...bytes)] };
  });
}

/** One small append + fdatasync (p50/p95 ms): the cost of a durable commit. */
export function fsyncFloor(samples = 100) {
  const dir = mkdtempSync(path.join(os.tmpdir(), "floor-"));
  const fd = openSync(path.join(dir, "log"), "a");
  const times = [];
  try {
    for (let i = 0; i < samples; i++) {
      const t = performance.now();
      writeSync(fd, `commit ${i}\n`);
      fdatasyncSync(fd);
      times.push(performance.now() - t);
    }
  } finally {
    closeSync(fd);
    rmSync(dir, { recursive: true, force: true });
  }
  times.sort((a, b) => a - b);
  return { p50: percentile(times, 50), p95: percentile(times, 95) };
}

/**
 * The floor for a live update delivered to n clients: echo + fan-out to n + one fdatasync.
 * @param {number} n
 * @param {Parameters<typeof fanOutFloor>[1]} [fanOut]
 */
export async function liveFloor(n, fanOut) {
  const [echo, fan, sync] = [await echoFloor(), await fanOutFloor(n, fanOut), fsyncFloor()];
  return { echo, fan, sync, p95: echo.p95 + fan.p95 + sync.p95 };
}

export const fmtFloor = (f) =>
  `floor p95 ${f.p95.toFixed(2)} ms (WS echo ${f.echo.p95.toFixed(2)}, fan-out ${f.fan.p95.toFixed(2)}, fdatasync ${f.sync.p95.toFixed(2)})`;

/**
 * What n ConvexClients take to handle one Transition each, where they run (`receivers`): a plain
 * WebSocket server answers their subscription, then sends round r's Transition to every socket
 * (messages[r - 1]: the text a backend sent with the channel's r rows, its versions made to follow
 * this server's); timed until every client's onUpdate has seen it (p50/p95 ms over rounds), and
 * to each client's (`each`: p50/p95 over every delivery, as the measured figure is taken).
 * @param {number} n
 * @param {string[]} messages
 * @param {Awaited<ReturnType<typeof import("./receivers.mjs").startReceivers>>} receivers
 * @param {number} [warmup] the first rounds are sent but not timed
 */
export async function clientHandlingFloor(n, messages, receivers, warmup = 0) {
  return withServer(async (wss, url) => {
    const encodeTs = (ts) => {
      const b = Buffer.alloc(8);
      b.writeBigUInt64LE(BigInt(ts));
      return b.toString("base64");
    };
    const version = (querySet, ts) => ({ querySet, identity: 0, ts: encodeTs(ts) });
    wss.on("connection", (ws) =>
      ws.on("message", (data) => {
        const m = JSON.parse(String(data));
        const modifications = [{ type: "QueryUpdated", queryId: 0, value: [], logLines: [], journal: null }];
        if (m.type === "ModifyQuerySet") ws.send(JSON.stringify({ type: "Transition", startVersion: version(0, 0), endVersion: version(1, 1), modifications, serverTs: Date.now() }));
      }),
    );
    await receivers.open({ kind: "convex", url: url.replace("ws://", "http://"), channel: "floor" }, n);
    const times = [];
    const deliveries = [];
    for (let r = 1; r <= messages.length; r++) {
      const m = JSON.parse(messages[r - 1]);
      for (const mod of m.modifications) mod.queryId = 0;
      const message = JSON.stringify({ ...m, startVersion: version(1, r), endVersion: version(1, r + 1), serverTs: Date.now() });
      const t = clock();
      for (const s of wss.clients) s.send(message);
      const { times: arrivals } = await receivers.round();
      if (r <= warmup) continue;
      times.push(Math.max(...arrivals) - t);
      for (const at of arrivals) deliveries.push(at - t);
    }
    await receivers.close();
    times.sort((a, b) => a - b);
    deliveries.sort((a, b) => a - b);
    return { p50: percentile(times, 50), p95: percentile(times, 95), each: { p50: percentile(deliveries, 50), p95: percentile(deliveries, 95) } };
  });
}
