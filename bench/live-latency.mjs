// Live-query latency of the local backend: N clients subscribe to one query,
// a writer sends mutations, and we time send -> each client's update.
// Usage: node bench/live-latency.mjs [--clients 10,100,500] [--mutations 20] [--write]
import { spawn } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { createInterface } from "node:readline";
import { fileURLToPath } from "node:url";
import { ConvexClient } from "convex/browser";
import WebSocket from "ws";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const arg = (name, fallback) => {
  const i = process.argv.indexOf(`--${name}`);
  return i === -1 ? fallback : process.argv[i + 1];
};
const SIZES = arg("clients", "10,100,500").split(",").map(Number);
const MUTATIONS = Number(arg("mutations", "20"));

function startBackend(dataDir) {
  const child = spawn(process.execPath, [path.join(root, "local-backend/start.mjs")], {
    env: {
      ...process.env,
      LOCAL_BACKEND_DIR: dataDir,
      LOCAL_BACKEND_CONVEX_DIR: path.join(root, "tests/local-backend/fixture/convex"),
      LOCAL_BACKEND_WATCH: "0",
      LOCAL_BACKEND_READY_JSON: "1",
      CONVEX_PORT: "0",
      CONVEX_SITE_PORT: "0",
    },
    stdio: ["ignore", "pipe", "inherit"],
  });
  return new Promise((resolve) => {
    createInterface({ input: child.stdout }).on("line", (line) => {
      if (line.startsWith("READY ")) resolve({ child, url: JSON.parse(line.slice(6)).url });
    });
  });
}

const rssMb = (pid) => {
  const match = /VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, "utf8"));
  return match ? Math.round(Number(match[1]) / 1024) : NaN;
};
const percentile = (sorted, p) => sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)];
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

const dataDir = mkdtempSync(path.join(os.tmpdir(), "lb-bench-"));
const { child, url } = await startBackend(dataDir);
const rows = [];
try {
  for (const n of SIZES) {
    const r = await run(url, n);
    const rss = rssMb(child.pid);
    rows.push({ n, ...r, rss });
    console.log(`${String(n).padStart(4)} clients  p50 ${r.p50.toFixed(1)} ms  p95 ${r.p95.toFixed(1)} ms  p99 ${r.p99.toFixed(1)} ms  (${r.samples} updates)  backend RSS ${rss} MB`);
  }
} finally {
  child.kill("SIGTERM");
  rmSync(dataDir, { recursive: true, force: true });
}

if (process.argv.includes("--write")) {
  const cpu = os.cpus()[0]?.model ?? "unknown CPU";
  const table = rows
    .map((r) => `| ${r.n} | ${r.p50.toFixed(1)} | ${r.p95.toFixed(1)} | ${r.p99.toFixed(1)} | ${r.rss} |`)
    .join("\n");
  writeFileSync(
    path.join(root, "bench/RESULTS.md"),
    `# Live-query latency (local backend)

\`node bench/live-latency.mjs --write\` — N clients (the unmodified \`ConvexClient\`
over WebSocket) subscribe to one query; a writer client sends ${MUTATIONS} mutations
one after another; latency is the time from sending a mutation to each
subscriber's update. Clients and backend run on the same machine, the backend
in its own process (fsync on every commit included). All subscribers share one
identity, so each commit re-runs the query once and fans the result out; the
500 clients' own processing shares the same 2 cores, so it is part of the figure.

Machine: ${os.cpus().length} cores (${cpu}), ${Math.round(os.totalmem() / 2 ** 30)} GB RAM, Node ${process.version}, ${os.platform()}.

| Clients | p50 (ms) | p95 (ms) | p99 (ms) | Backend RSS after run (MB) |
| ---: | ---: | ---: | ---: | ---: |
${table}
`,
  );
  console.log("Wrote bench/RESULTS.md");
}
