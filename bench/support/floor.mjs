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
