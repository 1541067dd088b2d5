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

/**
 * Receivers are opened this many at a time, the processes taking turns: a sender's sockets (in
 * connection or subscription order, which is the order a backend and a plain server send in) then
 * alternate between the processes in both the measured run and its floors, instead of coming in
 * one long run per process in whichever order their connections happened to land.
 */
const BATCH = 10;

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
      // Fewer than BATCH per process (a small n): still spread over all of them.
      const batch = Math.max(1, Math.min(BATCH, Math.ceil(n / children.length)));
      active = children.slice(0, Math.min(children.length, Math.ceil(n / batch)));
      for (const process of active) process.send({ op: "open", ...group });
      for (let opened = 0, turn = 0; opened < n; opened += batch, turn++) {
        const process = active[turn % active.length];
        // The first ConvexClient keeps the text of each Transition it applies (what a floor resends).
        process.send({ op: "add", count: Math.min(batch, n - opened), capture: opened === 0 });
        await process.next();
      }
    },
    /** The next round's arrival times (one per receiver) and the captured Transition text, if any. */
    async round() {
      const reports = await Promise.all(active.map((process) => process.next()));
      return { times: reports.flatMap((r) => r.times), text: reports.find((r) => r.text)?.text ?? null };
    },
    async close() {
      for (const process of active) process.send({ op: "close" });
      await Promise.all(active.map((process) => process.next()));
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

/**
 * This process's receivers of one group, added a batch at a time. Round r is reported once every
 * receiver has it: ConvexClients on `channel`, an update showing r rows; bare sockets, their r-th
 * message.
 */
class Group {
  constructor({ kind, url, channel }) {
    Object.assign(this, { kind, url, channel });
    this.size = 0;
    /** round -> arrival times */
    this.arrivals = new Map();
    this.closers = [];
    /** The capturing client's socket keeps the text of the last Transition it received. */
    this.lastText = null;
    this.capturing = false;
  }

  arrived(round, at) {
    let times = this.arrivals.get(round);
    if (!times) this.arrivals.set(round, (times = []));
    times.push(at);
    if (times.length === this.size) {
      this.arrivals.delete(round);
      report({ round, times, text: this.capturing ? this.lastText : null });
    }
  }

  /** Adds `count` receivers; reports once all are connected (ConvexClients: subscribed, first result in). */
  add(count, capture) {
    this.size += count;
    let ready = 0;
    const isReady = () => ++ready === count && report({ ready: true });
    for (let i = 0; i < count; i++) this.closers.push(this.kind === "convex" ? this.convex(capture && i === 0, isReady) : this.bare(isReady));
  }

  convex(capture, isReady) {
    const keep = (text) => {
      this.lastText = text;
    };
    class Capturing extends WebSocket {
      constructor(...args) {
        super(...args);
        this.on("message", (data) => {
          const text = String(data);
          if (text.startsWith('{"type":"Transition"')) keep(text);
        });
      }
    }
    if (capture) this.capturing = true;
    const client = new ConvexClient(this.url, { webSocketConstructor: capture ? Capturing : WebSocket, logger: false });
    let first = true;
    client.onUpdate("messages:list", { channel: this.channel }, (rows) => {
      const at = clock();
      if (first) {
        first = false;
        isReady();
      } else this.arrived(rows.length, at);
    });
    return () => client.close();
  }

  bare(isReady) {
    const ws = new WebSocket(this.url);
    let received = 0;
    ws.once("open", isReady);
    ws.on("message", () => this.arrived(++received, clock()));
    return () =>
      ws.readyState === WebSocket.CLOSED
        ? undefined
        : new Promise((resolve) => {
            ws.once("close", resolve);
            ws.close();
          });
  }

  close() {
    return Promise.all(this.closers.map((close) => close()));
  }
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  let group = null;
  createInterface({ input: process.stdin }).on("line", async (line) => {
    const message = JSON.parse(line);
    if (message.op === "open") group = new Group(message);
    else if (message.op === "add") group.add(message.count, message.capture);
    else if (message.op === "close") {
      await group?.close();
      group = null;
      report({ closed: true });
    }
  });
}
