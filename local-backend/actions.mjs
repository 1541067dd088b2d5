// A pool of worker threads for actions and HTTP actions: their CPU runs off
// the main thread, which keeps answering queries and mutations. A worker's
// syscalls are served here, for the execution that started the action.
import os from "node:os";
import { Worker } from "node:worker_threads";
import { requestContext } from "./context.mjs";

const WORKER = new URL("./action-worker.mjs", import.meta.url);
// One core stays with the main thread (queries, mutations, sync), so CPU-heavy
// actions never starve them; actions are async, so one worker runs many at once.
export const POOL_SIZE = Math.min(4, Math.max(1, (os.availableParallelism?.() ?? os.cpus().length) - 1));

export class ActionPool {
  /** @param {{ bundle: { outDir: string, nodeNames: string[], runtimeFile: string }, server: any, log: (m: string) => void }} deps */
  constructor({ bundle, server, log }) {
    Object.assign(this, { bundle, server, log });
    this.workers = [];
    this.runs = new Map();
    this.nextRun = 0;
    this.closed = false;
  }

  async start() {
    await Promise.all(Array.from({ length: POOL_SIZE }, () => this.spawn()));
    return this;
  }

  spawn() {
    // The worker's process.env is the deployment's variables, not the shell's.
    // Not the parent's --input-type (a `node -e` parent): it only applies to string input.
    const execArgv = process.execArgv.filter((a) => !a.startsWith("--input-type"));
    const { outDir, nodeNames, runtimeFile } = this.bundle;
    const env = { ...this.server.deploymentEnv };
    const worker = new Worker(WORKER, { env, execArgv, workerData: { outDir, nodeNames, runtimeFile, env } });
    worker.busy = 0;
    worker.unref();
    const ready = new Promise((resolve, reject) => {
      worker.once("error", reject);
      worker.on("message", (msg) => (msg.kind === "ready" ? resolve() : this.onMessage(worker, msg)));
    });
    worker.on("error", (e) => this.onExit(worker, e));
    worker.on("exit", (code) => this.onExit(worker, new Error(`Action worker exited (${code})`)));
    this.workers.push(worker);
    return ready;
  }

  onExit(worker, error) {
    if (!this.workers.includes(worker)) return;
    this.workers = this.workers.filter((w) => w !== worker);
    for (const [id, run] of this.runs) {
      if (run.worker !== worker) continue;
      this.runs.delete(id);
      run.reject(error);
    }
    if (!this.closed) {
      this.log(`An action worker stopped (${error?.message ?? error}); starting another`);
      void this.spawn().catch((e) => this.log(`Could not start an action worker: ${e?.message ?? e}`));
    }
  }

  /** Runs an action ({ module, exportName, requestId, argsJson }) or an HTTP request in a worker. */
  run(kind, payload, exec) {
    if (this.workers.length === 0) return Promise.reject(new Error("No action worker is running"));
    const worker = this.workers.reduce((a, b) => (b.busy < a.busy ? b : a));
    const run = this.nextRun++;
    worker.busy += 1;
    return new Promise((resolve, reject) => {
      this.runs.set(run, { exec, worker, resolve, reject });
      worker.postMessage({ kind, run, ...payload });
    }).finally(() => (worker.busy -= 1));
  }

  onMessage(worker, msg) {
    const run = this.runs.get(msg.run);
    if (!run) return;
    if (msg.kind === "log") {
      run.exec.logs.push(msg.line);
      console.log(`${run.exec.label} ${msg.line}`);
    } else if (msg.kind === "done") {
      this.runs.delete(msg.run);
      if (msg.error) run.reject(rebuildError(msg.error));
      else run.resolve(msg.value);
    } else if (msg.kind === "syscall") {
      this.syscall(run.exec, msg.op, msg.payload).then(
        (value) => worker.postMessage({ kind: "reply", id: msg.id, value }),
        (e) => worker.postMessage({ kind: "reply", id: msg.id, error: { message: e?.message ?? String(e), data: e?.data } }),
      );
    }
  }

  async syscall(exec, op, payload) {
    const { server } = this;
    if (op === "storage/storeBlob") return server.storeFile(Buffer.from(payload.bytes), payload.type ?? undefined);
    if (op === "storage/getBlob") {
      if (server.db.tableOfId(payload.storageId) !== "_storage") return null;
      const doc = server.readCommitted(payload.storageId);
      const bytes = doc && server.blobs.read(payload.storageId);
      return bytes ? { bytes: new Uint8Array(bytes), type: doc.contentType ?? null } : null;
    }
    return requestContext.run(exec, () => globalThis.Convex.asyncSyscall(op, payload));
  }

  /** Stops the workers once the actions they run have finished. */
  async close() {
    this.closed = true;
    const inFlight = [...this.runs.values()].map((r) => new Promise((resolve) => {
      const { resolve: res, reject: rej } = r;
      r.resolve = (v) => (res(v), resolve());
      r.reject = (e) => (rej(e), resolve());
    }));
    await Promise.all(inFlight);
    const workers = this.workers;
    this.workers = [];
    await Promise.all(workers.map((w) => w.terminate()));
  }
}

function rebuildError(e) {
  const error = new Error(e.message);
  error.name = e.name;
  if (e.stack) error.stack = e.stack;
  if (e.convexError) {
    error.ConvexErrorSymbol = Symbol.for("ConvexError");
    error.data = e.data;
  }
  return error;
}
