// A pool of worker threads for the app's functions: their CPU runs off the
// main thread, which serves every syscall (for the execution that started the
// function: its transaction, snapshot, read set), validates and commits. A
// query or mutation is sent to the least busy worker, so a long one holds up
// only the functions that share its worker.
import os from "node:os";
import { MessageChannel, Worker } from "node:worker_threads";
import { requestContext } from "./context.mjs";
import { batchThread } from "./sched.mjs";

const WORKER = new URL("./action-worker.mjs", import.meta.url);
const CORES = os.availableParallelism?.() ?? os.cpus().length;
// Two pools, so a burst of CPU-heavy actions (a sign-up's password hash) never queues a query
// behind it. Actions: one core stays with the others (at least 1 worker, at most 4). Queries and
// mutations: one worker per core, two at least (a long one leaves the other free), four at most
// (each holds the app's bundle). Functions are async, so a worker runs many at once.
export const ACTION_POOL_SIZE = Math.min(4, Math.max(1, CORES - 1));
export const TRANSACTION_POOL_SIZE = Math.min(4, Math.max(2, CORES));
/** Room in the shared buffer for an answer the worker waits for; a longer one comes on its channel. */
const SYNC_ANSWER_BYTES = 64 * 1024;
const encoder = new TextEncoder();
// How a waiting worker reads the answer (action-worker.mjs): state 1 the result, 2 a synchronous
// syscall's error message, 3 an asynchronous syscall's error ({ message, data } as JSON); a length
// of -1 means the text was posted on the worker's answer channel.
const ANSWERED = 1;
const SYNC_ERROR = 2;
const ASYNC_ERROR = 3;
const ON_CHANNEL = -1;

export class ActionPool {
  /**
   * @param {{ bundle: { outDir: string, nodeNames: string[], runtimeFile: string }, server: any, log: (m: string) => void, size: number, pages?: boolean }} deps
   * `pages`: its workers serve pages of paginated queries themselves, so they seal cursors (worker-tx.mjs).
   */
  constructor({ bundle, server, log, size, pages = false }) {
    this.bundle = bundle;
    this.pages = pages;
    this.server = server;
    this.log = log;
    this.size = size;
    this.workers = [];
    this.runs = new Map();
    this.nextRun = 0;
    this.closed = false;
  }

  async start() {
    await Promise.all(Array.from({ length: this.size }, () => this.spawn()));
    return this;
  }

  spawn() {
    // The worker's process.env is the deployment's variables, not the shell's.
    // Not the parent's --input-type (a `node -e` parent): it only applies to string input.
    const execArgv = process.execArgv.filter((a) => !a.startsWith("--input-type"));
    const { outDir, nodeNames, runtimeFile } = this.bundle;
    const env = { ...this.server.deploymentEnv };
    // For mutations whose transaction runs in the worker (worker-tx.mjs): the store's file, and the schema as loaded.
    const functions = this.server.functions;
    // A worker that runs transactions opens the store with the catalog as it starts (worker-tx.mjs `open`).
    const catalog = this.pages ? this.server.db.catalogState() : null;
    const store = { dataFile: this.server.db.file, validators: [...(functions?.validators ?? [])], staged: [...(functions?.stagedIndexes ?? [])], cursorSecret: this.pages ? this.server.cursors.secret : null, catalog };
    const shared = new SharedArrayBuffer(8 + SYNC_ANSWER_BYTES);
    const answers = new MessageChannel();
    answers.port1.unref();
    /** @type {Worker & { shared?: SharedArrayBuffer, answers?: import("node:worker_threads").MessagePort, busy?: number, catalogVersion?: number, loaded?: { modules: string[], store: boolean } }} */
    const worker = new Worker(WORKER, { env, execArgv, workerData: { outDir, nodeNames, runtimeFile, env, shared, answers: answers.port2, ...store }, transferList: [answers.port2] });
    worker.shared = shared;
    worker.answers = answers.port1;
    worker.busy = 0;
    // The store's catalog this worker has (sent with a run when it changed).
    worker.catalogVersion = catalog?.version ?? -1;
    worker.unref();
    const ready = new Promise((resolve, reject) => {
      worker.once("error", reject);
      worker.on("message", (msg) => {
        if (msg.kind !== "ready") return this.onMessage(worker, msg);
        worker.loaded = msg.loaded;
        // Its messages must not take the main thread's CPU from it as they wake it (sched.mjs).
        void batchThread(msg.tid).then(resolve);
      });
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

  /**
   * Runs a function ({ module, exportName, requestId, argsJson }, and for a query or mutation
   * `now` and `seed`, its frozen time and Math.random's seed) or an HTTP request in a worker.
   * A mutation with `local` runs its transaction there (worker-tx.mjs): what it did comes back
   * as `exec.workerTx` (or earlier, through `exec.handOff`, when this thread serves the rest of
   * the run), or `exec.needsMain` is set when it must run with this thread serving it.
   */
  run(kind, payload, exec) {
    if (this.workers.length === 0) return Promise.reject(new Error("No action worker is running"));
    const worker = this.workers.reduce((a, b) => (b.busy < a.busy ? b : a));
    const { db } = this.server;
    if (payload.local && worker.catalogVersion !== db.catalogVersion) {
      payload = { ...payload, local: { ...payload.local, catalog: db.catalogState() } };
      worker.catalogVersion = db.catalogVersion;
    }
    const run = this.nextRun++;
    worker.busy += 1;
    return new Promise((resolve, reject) => {
      this.runs.set(run, { exec, worker, resolve, reject });
      worker.postMessage({ kind, run, ...payload });
    }).finally(() => (worker.busy -= 1));
  }

  onMessage(worker, msg) {
    const run = this.runs.get(msg.run);
    // A worker waiting on a synchronous syscall is always answered, even for a function that
    // has already finished (a promise it left running), or it would wait forever.
    if (!run && msg.kind === "syncSyscall") return msg.async ? this.answerAwaited(worker, null, msg) : this.answerSync(worker, null, msg);
    if (!run && msg.kind === "syscall") return worker.postMessage({ kind: "reply", id: msg.id, error: { message: `${msg.op} was called after its function finished` } });
    if (!run) return;
    if (msg.kind === "log") {
      run.exec.logs.push(msg.line);
      console.log(`${run.exec.label} ${msg.line}`);
    } else if (msg.kind === "done") {
      this.runs.delete(msg.run);
      // A query's or mutation's own run time, measured in its worker (thread-cpu.mjs ownMs).
      if (msg.busyMs !== undefined) run.exec.busyMs = msg.busyMs;
      if (msg.tx) run.exec.workerTx = msg.tx;
      if (msg.needsMain) run.exec.needsMain = true;
      if (msg.error) run.reject(rebuildError(msg.error));
      else run.resolve(msg.value);
    } else if (msg.kind === "prewrite") {
      // Documents a worker's transaction wrote so far, ahead of its outcome (worker-tx.mjs).
      run.exec.prewrite?.(msg.items);
    } else if (msg.kind === "handoff") {
      // The worker's transaction so far: this thread serves the rest of the run (worker-tx.mjs).
      run.exec.handOff(msg.tx);
    } else if (msg.kind === "post") {
      this.post(run.exec, msg);
    } else if (msg.kind === "syncSyscall") {
      if (msg.async) this.answerAwaited(worker, run.exec, msg);
      else this.answerSync(worker, run.exec, msg);
    } else if (msg.kind === "syscall") {
      this.syscall(run.exec, msg.op, msg.payload).then(
        (value) => worker.postMessage({ kind: "reply", id: msg.id, value }),
        (e) => worker.postMessage({ kind: "reply", id: msg.id, error: { message: e?.message ?? String(e), data: e?.data } }),
      );
    }
  }

  /**
   * A query stream's start or end from a worker, which goes on without the answer (the stream's
   * id is the worker's). A start that fails leaves a stream whose first `queryStreamNext` throws
   * the error, where the function awaits it.
   */
  post(exec, { op, payload, queryId }) {
    if (queryId !== undefined) exec.nextQueryId = queryId;
    try {
      requestContext.run(exec, () => globalThis.Convex.syscall(op, payload));
    } catch (e) {
      if (queryId === undefined) return;
      const error = new Error(e?.message ?? String(e));
      exec.streams.set(queryId, { tx: exec.tx, next: () => { throw error; }, close() {} });
    }
  }

  /** Serves a synchronous syscall and wakes the worker waiting for it. */
  answerSync(worker, exec, { op, payload }) {
    let state = ANSWERED;
    let text;
    try {
      if (!exec) throw new Error(`${op} was called after its function finished`);
      text = requestContext.run(exec, () => globalThis.Convex.syscall(op, payload));
    } catch (e) {
      state = SYNC_ERROR;
      text = e?.message ?? String(e);
    }
    wake(worker, state, text);
  }

  /**
   * Serves an asynchronous syscall whose worker waits for it (a query's or mutation's database
   * call: the answer through the shared buffer saves a message and a turn of the worker's loop).
   */
  answerAwaited(worker, exec, { op, payload }) {
    const failed = (e) => wake(worker, ASYNC_ERROR, JSON.stringify({ message: e?.message ?? String(e), data: e?.data }));
    if (!exec) return failed(new Error(`${op} was called after its function finished`));
    this.syscall(exec, op, payload).then((text) => wake(worker, ANSWERED, text), failed);
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
    // A worker that read the store closes its handle on it first (the store may be closed next).
    await Promise.all(workers.map((w) => new Promise((resolve) => {
      w.on("message", (m) => m.kind === "closed" && resolve());
      w.once("exit", resolve);
      w.postMessage({ kind: "close" });
      setTimeout(resolve, 1000).unref();
    }).then(() => w.terminate())));
  }
}

/** Puts an answer where the waiting worker reads it and wakes it. */
function wake(worker, state, text) {
  const view = new Int32Array(worker.shared, 0, 2);
  const bytes = encoder.encode(text);
  if (bytes.length > SYNC_ANSWER_BYTES) {
    worker.answers.postMessage(text);
    view[1] = ON_CHANNEL;
  } else {
    new Uint8Array(worker.shared, 8).set(bytes);
    view[1] = bytes.length;
  }
  Atomics.store(view, 0, state);
  Atomics.notify(view, 0);
}

function rebuildError(e) {
  /** @type {Error & { ConvexErrorSymbol?: symbol, data?: any }} */
  const error = new Error(e.message);
  error.name = e.name;
  if (e.stack) error.stack = e.stack;
  if (e.convexError) {
    error.ConvexErrorSymbol = Symbol.for("ConvexError");
    error.data = e.data;
  }
  return error;
}
