// A benchmark's receiving clients in processes of their own, so the process that sends
// (a backend, or a floor's plain WebSocket server) does not share an event loop with what
// receives, and a figure is the sender's share plus delivery, not the receivers' CPU.
// The parent drives them over stdin/stdout, one JSON line per message. A group holds either
// ConvexClients subscribed to `messages:list` on one channel (round L: every client's update
// shows L rows) or bare WebSockets that parse nothing (round k: every socket's k-th message).
// Each round reports every receiver's arrival time on a clock all processes share (CLOCK_MONOTONIC
// through process.hrtime), so latency = arrival - send, whichever process took either.
// Run as a child: node bench/support/receivers.mjs
import { spawn } from "node:child_process";
import { createInterface } from "node:readline";
import { fileURLToPath } from "node:url";
import { ConvexClient } from "convex/browser";
import WebSocket from "ws";

/** Milliseconds on CLOCK_MONOTONIC: the same clock in every process on this machine. */
export const clock = () => Number(process.hrtime.bigint()) / 1e6;

/** Spreads `n` receivers over `p` processes as evenly as possible. */
const shares = (n, p) => Array.from({ length: p }, (_, i) => Math.floor(n / p) + (i < n % p ? 1 : 0)).filter((c) => c > 0);

/**
 * Starts `processes` receiver processes, kept for the whole benchmark (one group at a time).
 * @param {number} processes
 */
export async function startReceivers(processes) {
  const children = Array.from({ length: processes }, () => {
    const child = spawn(process.execPath, [fileURLToPath(import.meta.url)], { stdio: ["pipe", "pipe", "inherit"] });
    /** Lines not yet asked for, and askers waiting for a line. */
    const lines = [];
    const waiters = [];
    createInterface({ input: child.stdout }).on("line", (line) => {
      const message = JSON.parse(line);
      if (waiters.length > 0) waiters.shift().resolve(message);
      else lines.push(message);
    });
    child.once("exit", (code) => {
      for (const w of waiters.splice(0)) w.reject(new Error(`receiver process exited (${code})`));
    });
    const next = () => (lines.length > 0 ? Promise.resolve(lines.shift()) : new Promise((resolve, reject) => waiters.push({ resolve, reject })));
    const send = (message) => child.stdin.write(`${JSON.stringify(message)}\n`);
    return { child, next, send };
  });
  let active = [];
  return {
    /**
     * Opens `n` receivers over the processes and resolves once all are connected (ConvexClients:
     * subscribed, first result in).
     * @param {{ kind: "convex", url: string, channel: string } | { kind: "bare", url: string }} group
     * @param {number} n
     */
    async open(group, n) {
      active = shares(n, children.length).map((count, i) => ({ process: children[i], count }));
      // The first ConvexClient keeps the text of each Transition it applies (what a floor resends).
      active.forEach(({ process, count }, i) => process.send({ op: "open", ...group, count, capture: i === 0 }));
      await Promise.all(active.map(({ process }) => process.next()));
    },
    /** The next round's arrival times (one per receiver) and the captured Transition text, if any. */
    async round() {
      const reports = await Promise.all(active.map(({ process }) => process.next()));
      return { times: reports.flatMap((r) => r.times), text: reports.find((r) => r.text)?.text ?? null };
    },
    async close() {
      for (const { process } of active) process.send({ op: "close" });
      await Promise.all(active.map(({ process }) => process.next()));
      active = [];
    },
    /** Ends the processes. */
    async stop() {
      await Promise.all(
        children.map(({ child }) => {
          if (child.exitCode !== null) return undefined;
          const exited = new Promise((resolve) => child.once("exit", resolve));
          child.stdin.end();
          return exited;
        }),
      );
    },
  };
}

// ---- the child ----

const report = (message) => process.stdout.write(`${JSON.stringify(message)}\n`);

/** ConvexClients on `channel`; a round is reported once all `count` show L rows. */
function openConvex({ url, channel, count, capture }) {
  let lastText = null;
  /** The first client's socket keeps the text of the last Transition it received. */
  class Capturing extends WebSocket {
    constructor(...args) {
      super(...args);
      this.on("message", (data) => {
        const text = String(data);
        if (text.startsWith('{"type":"Transition"')) lastText = text;
      });
    }
  }
  const arrivals = new Map(); // rows -> arrival times
  let ready = 0;
  const clients = Array.from({ length: count }, (_, i) => {
    const client = new ConvexClient(url, { webSocketConstructor: capture && i === 0 ? Capturing : WebSocket, logger: false });
    let first = true;
    client.onUpdate("messages:list", { channel }, (rows) => {
      const at = clock();
      if (first) {
        first = false;
        if (++ready === count) report({ ready: true });
        return;
      }
      let times = arrivals.get(rows.length);
      if (!times) arrivals.set(rows.length, (times = []));
      times.push(at);
      if (times.length === count) {
        arrivals.delete(rows.length);
        report({ round: rows.length, times, text: capture ? lastText : null });
      }
    });
    return client;
  });
  return () => Promise.all(clients.map((c) => c.close()));
}

/** Bare sockets that parse nothing; round k is reported once all `count` have their k-th message. */
function openBare({ url, count }) {
  const arrivals = [];
  let open = 0;
  const sockets = Array.from({ length: count }, () => {
    const ws = new WebSocket(url);
    let received = 0;
    ws.once("open", () => ++open === count && report({ ready: true }));
    ws.on("message", () => {
      const at = clock();
      const k = received++;
      (arrivals[k] ??= []).push(at);
      if (arrivals[k].length === count) {
        report({ round: k + 1, times: arrivals[k] });
        arrivals[k] = null;
      }
    });
    return ws;
  });
  return async () => {
    await Promise.all(
      sockets.map((ws) => (ws.readyState === WebSocket.CLOSED ? undefined : new Promise((resolve) => {
        ws.once("close", resolve);
        ws.close();
      }))),
    );
  };
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  let close = async () => {};
  createInterface({ input: process.stdin }).on("line", async (line) => {
    const message = JSON.parse(line);
    if (message.op === "open") close = message.kind === "convex" ? openConvex(message) : openBare(message);
    else if (message.op === "close") {
      await close();
      close = async () => {};
      report({ closed: true });
    }
  });
}
