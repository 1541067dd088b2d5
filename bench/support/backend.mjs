// Shared by the backend benchmarks: spawning a backend (this checkout's, or
// another tree's with --root, for before/after figures), the machine line
// with its load average, and percentiles.
import { spawn } from "node:child_process";
import { existsSync, readFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { createInterface } from "node:readline";
import { fileURLToPath } from "node:url";

export const REPO = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../..");

export function arg(name, fallback) {
  const i = process.argv.indexOf(`--${name}`);
  return i === -1 ? fallback : process.argv[i + 1];
}

/** The tree whose local-backend/ is measured (default: this checkout). */
export const BACKEND_ROOT = path.resolve(arg("root", REPO));
export const FIXTURE = path.join(REPO, "tests/local-backend/fixture/convex");

// A tree's `npm run backend` entry point (scripts/backend.mjs; local-backend/start.mjs before it moved).
const startOf = (root) => ["scripts/backend.mjs", "local-backend/start.mjs"].map((f) => path.join(root, f)).find((f) => existsSync(f));

/** Starts the tree's (`root`, default --root or this checkout) `npm run backend` on free ports; resolves with { child, url }. */
export function spawnBackend(dataDir, { convexDir = FIXTURE, env = {}, root = BACKEND_ROOT } = {}) {
  const START = startOf(root);
  const started = performance.now();
  // --node-args "--cpu-prof --cpu-prof-dir=/tmp/prof" profiles the backend process.
  const nodeArgs = arg("node-args", "").split(" ").filter(Boolean);
  const child = spawn(process.execPath, [...nodeArgs, START], {
    env: {
      ...process.env,
      LOCAL_BACKEND_DIR: dataDir,
      LOCAL_BACKEND_CONVEX_DIR: convexDir,
      LOCAL_BACKEND_WATCH: "0",
      LOCAL_BACKEND_READY_JSON: "1",
      CONVEX_PORT: "0",
      CONVEX_SITE_PORT: "0",
      ...env,
    },
    stdio: ["ignore", "pipe", "inherit"],
  });
  return new Promise((resolve, reject) => {
    child.once("exit", (code) => reject(new Error(`backend exited early (${code})`)));
    createInterface({ input: child.stdout }).on("line", (line) => {
      if (line.startsWith("READY ")) resolve({ child, url: JSON.parse(line.slice(6)).url, readyMs: performance.now() - started });
    });
  });
}

export function stopBackend(child) {
  return new Promise((resolve) => {
    if (child.exitCode !== null) return resolve();
    child.once("exit", () => resolve());
    child.kill("SIGTERM");
  });
}

export const rssMb = (pid) => {
  const match = /VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, "utf8"));
  return match ? Math.round(Number(match[1]) / 1024) : NaN;
};

/** CPU time the process has used so far, all its threads (ms; Linux's /proc, 100 ticks a second). */
export const cpuMs = (pid) => {
  const fields = readFileSync(`/proc/${pid}/stat`, "utf8").split(") ")[1].split(" ");
  return (Number(fields[11]) + Number(fields[12])) * 10;
};

export const percentile = (sorted, p) => sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1))];

export function machine() {
  const load = os.loadavg().map((x) => x.toFixed(2)).join(" ");
  return `${os.cpus().length} cores (${os.cpus()[0]?.model ?? "?"}), ${Math.round(os.totalmem() / 2 ** 30)} GB RAM, Node ${process.version}, ${os.platform()}; load average ${load}; backend ${BACKEND_ROOT === REPO ? "this checkout" : BACKEND_ROOT}`;
}
