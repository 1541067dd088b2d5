// Load: N clients (the unmodified ConvexClient over WebSocket, loopback only) against a local
// backend in its own process and a temp data dir (the tests' small fixture app), for S seconds.
// Clients are split over channels of 10; each subscribes to its channel (live reads), and in a
// loop makes one-shot paginated reads (70%) or writes a message (30%), pausing 0.5–1.5 s.
// Prints errors (must be 0), lost writes (acknowledged but absent afterwards; must be 0) and the
// update latency (write sent -> each subscriber of the channel receiving it) p50/p95/p99.
// Usage: node bench/load.mjs [--clients 200] [--seconds 60]
import { spawn } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { createInterface } from "node:readline";
import { fileURLToPath } from "node:url";
import { ConvexClient } from "convex/browser";
import WebSocket from "ws";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const arg = (name, fallback) => {
  const i = process.argv.indexOf(`--${name}`);
  return i === -1 ? fallback : Number(process.argv[i + 1]);
};
const CLIENTS = arg("clients", 200);
const SECONDS = arg("seconds", 60);
const PER_CHANNEL = 10;

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
  return new Promise((resolve, reject) => {
    child.once("exit", (code) => reject(new Error(`backend exited early (${code})`)));
    createInterface({ input: child.stdout }).on("line", (line) => {
      if (line.startsWith("READY ")) resolve({ child, url: JSON.parse(line.slice(6)).url });
    });
  });
}

const percentile = (sorted, p) => sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1))];
const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));
const rssMb = (pid) => Math.round(Number(/VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, "utf8"))?.[1] ?? NaN) / 1024);

async function run(url) {
  if (!new URL(url).hostname.match(/^(127\.0\.0\.1|localhost)$/)) throw new Error(`not loopback: ${url}`);
  const tag = `load-${Date.now()}`;
  const sentAt = new Map(); // body -> performance.now() when sent
  const acked = new Map(); // channel -> bodies acknowledged
  const latencies = [];
  const stats = { reads: 0, writes: 0, errors: 0, updates: 0 };
  const fail = (what) => (error) => {
    stats.errors += 1;
    if (stats.errors <= 5) console.error(`error (${what}): ${error?.message ?? error}`);
  };

  const clients = Array.from({ length: CLIENTS }, (_, i) => ({
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
              const now = performance.now();
              for (const row of rows.slice(seen)) {
                const at = sentAt.get(row.body);
                if (at !== undefined) latencies.push(now - at);
              }
              stats.updates += 1;
              seen = rows.length;
            },
            fail("subscription"),
          );
        }),
    ),
  );
  console.log(`${CLIENTS} clients subscribed on ${CLIENTS / PER_CHANNEL} channels; running ${SECONDS} s`);

  const deadline = performance.now() + SECONDS * 1000;
  let sequence = 0;
  await Promise.all(
    clients.map(async ({ i, client, channel }) => {
      await sleep(Math.random() * 1000);
      while (performance.now() < deadline) {
        if (Math.random() < 0.3) {
          const body = `c${i}-m${sequence++}`;
          sentAt.set(body, performance.now());
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

  // Lost writes: every acknowledged write must be in the database afterwards.
  const checker = new ConvexClient(url, { webSocketConstructor: WebSocket, logger: false });
  let lost = 0;
  for (const [channel, bodies] of acked) {
    const present = new Set((await checker.query("messages:list", { channel })).map((row) => row.body));
    lost += bodies.filter((body) => !present.has(body)).length;
  }
  await Promise.all([...clients.map((c) => c.client.close()), checker.close()]);
  latencies.sort((a, b) => a - b);
  return { ...stats, lost, latencies };
}

const dataDir = mkdtempSync(path.join(os.tmpdir(), "tmt-load-"));
const { child, url } = await startBackend(dataDir);
try {
  const r = await run(url);
  const ms = (p) => `${percentile(r.latencies, p).toFixed(1)} ms`;
  console.log(`reads ${r.reads}, writes ${r.writes} (${(r.writes / SECONDS).toFixed(1)}/s), live updates ${r.updates}`);
  console.log(`errors ${r.errors}, lost writes ${r.lost}`);
  console.log(`update latency (${r.latencies.length} deliveries): p50 ${ms(50)}, p95 ${ms(95)}, p99 ${ms(99)}`);
  console.log(`backend RSS ${rssMb(child.pid)} MB; machine ${os.cpus().length} cores (${os.cpus()[0]?.model ?? "?"}), ${Math.round(os.totalmem() / 2 ** 30)} GB RAM, Node ${process.version}, ${os.platform()}`);
  if (r.errors > 0 || r.lost > 0) process.exitCode = 1;
} finally {
  child.kill("SIGTERM");
  rmSync(dataDir, { recursive: true, force: true });
}
