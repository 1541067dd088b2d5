// The physical floor of a latency figure, measured in the same run on the
// same machine: a loopback WebSocket echo, the fan-out of one pre-built
// message to N sockets, and one fdatasync. Benchmarks print their figures as
// a ratio to it, so runs on noisy machines can be compared.
import { closeSync, fdatasyncSync, mkdtempSync, openSync, rmSync, writeSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import WebSocket, { WebSocketServer } from "ws";
import { percentile } from "./backend.mjs";

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

/** Time for one pre-built message to reach all of `n` sockets (p50/p95 ms over rounds). */
export async function fanOutFloor(n, rounds = 20) {
  return withServer(async (wss, url) => {
    const clients = await Promise.all(
      Array.from({ length: n }, () => new Promise((resolve) => {
        const ws = new WebSocket(url);
        ws.once("open", () => resolve(ws));
      })),
    );
    const message = JSON.stringify({ type: "Transition", modifications: [{ type: "QueryUpdated", value: Array.from({ length: 10 }, (_, i) => ({ author: "a", body: `m${i}` })) }] });
    const times = [];
    for (let r = 0; r < rounds; r++) {
      let remaining = n;
      const t = performance.now();
      const all = new Promise((resolve) => {
        for (const c of clients) c.once("message", () => --remaining === 0 && resolve());
      });
      for (const s of wss.clients) s.send(message);
      await all;
      times.push(performance.now() - t);
    }
    for (const c of clients) c.close();
    times.sort((a, b) => a - b);
    return { p50: percentile(times, 50), p95: percentile(times, 95) };
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

/** The floor for a live update delivered to n clients: echo + fan-out to n + one fdatasync. */
export async function liveFloor(n) {
  const [echo, fan, sync] = [await echoFloor(), await fanOutFloor(n), fsyncFloor()];
  return { echo, fan, sync, p95: echo.p95 + fan.p95 + sync.p95 };
}

export const fmtFloor = (f) =>
  `floor p95 ${f.p95.toFixed(2)} ms (WS echo ${f.echo.p95.toFixed(2)}, fan-out ${f.fan.p95.toFixed(2)}, fdatasync ${f.sync.p95.toFixed(2)})`;

/**
 * What n ConvexClients take to handle one Transition each (the bench's clients share its
 * process): a plain WebSocket server answers their subscription, then sends each round's
 * pre-built Transition (round r: r rows, as the bench's channel has after r mutations) to
 * every socket; timed until every client's onUpdate has seen it (p50/p95 ms over rounds).
 * @param {number} n
 * @param {number} rounds
 * @param {(url: string) => any} newClient
 */
export async function clientHandlingFloor(n, rounds, newClient) {
  return withServer(async (wss, url) => {
    const encodeTs = (ts) => {
      const b = Buffer.alloc(8);
      b.writeBigUInt64LE(BigInt(ts));
      return b.toString("base64");
    };
    const transition = (from, to, rows) =>
      JSON.stringify({
        type: "Transition",
        startVersion: { querySet: from.querySet, identity: 0, ts: encodeTs(from.ts) },
        endVersion: { querySet: 1, identity: 0, ts: encodeTs(to) },
        modifications: [{ type: "QueryUpdated", queryId: 0, value: Array.from({ length: rows }, (_, i) => ({ author: "bench", body: `m${i + 1}` })), logLines: [], journal: null }],
        serverTs: Date.now(),
      });
    wss.on("connection", (ws) =>
      ws.on("message", (data) => {
        const m = JSON.parse(String(data));
        if (m.type === "ModifyQuerySet") ws.send(transition({ querySet: 0, ts: 0 }, 1, 0));
      }),
    );
    let expected = 0;
    let remaining = 0;
    let done = () => {};
    let subscribed = 0;
    const allSubscribed = new Promise((resolve) => {
      done = resolve;
    });
    const clients = Array.from({ length: n }, () => {
      const c = newClient(url.replace("ws://", "http://"));
      let first = true;
      c.onUpdate("messages:list", { channel: "floor" }, (rows) => {
        if (first) {
          first = false;
          if (++subscribed === n) done();
          return;
        }
        if (rows.length === expected && --remaining === 0) done();
      });
      return c;
    });
    await allSubscribed;
    const times = [];
    for (let r = 1; r <= rounds; r++) {
      expected = r;
      remaining = n;
      const all = new Promise((resolve) => {
        done = resolve;
      });
      const t = performance.now();
      const message = transition({ querySet: 1, ts: r }, r + 1, r);
      for (const s of wss.clients) s.send(message);
      await all;
      times.push(performance.now() - t);
    }
    await Promise.all(clients.map((c) => c.close()));
    times.sort((a, b) => a - b);
    return { p50: percentile(times, 50), p95: percentile(times, 95) };
  });
}
