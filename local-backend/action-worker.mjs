// A worker thread that runs the app's functions (queries, mutations, actions
// and HTTP actions) in its own V8 context, so one function's CPU (a sort, a
// password hash) never holds up another's: as on Convex, where each runs in
// its own isolate. Every syscall goes to the main thread, which serves it for
// the function's execution (its transaction, snapshot and read set live
// there); the few synchronous ones (a query stream's start, an id's
// normalisation) wait on a shared buffer for the answer. Console output comes
// back as the function's log lines.
import { AsyncLocalStorage } from "node:async_hooks";
import { format } from "node:util";
import { parentPort, receiveMessageOnPort, workerData } from "node:worker_threads";
import { pathToFileURL } from "node:url";
import path from "node:path";
import { evaluateForRuntime } from "./isolate.mjs";
import { LIMITS } from "./limits.mjs";
import { seededRandom } from "./runtime.mjs";
import { kernelThreadId } from "./sched.mjs";
import { START_STALE_MS, mark, overTimeLimit, ownMs, segmentMs, threadCpuMs } from "./thread-cpu.mjs";
import { LocalTransactions } from "./worker-tx.mjs";

// Stack frames of "use node" bundles name the app's source files, as on the main thread.
process.setSourceMapsEnabled(true);

/** The execution running in this async context: { run, now?, random?, transactional }. */
const current = new AsyncLocalStorage();
const pending = new Map();
let nextCall = 0;

function callMain(run, op, payload, transfer = []) {
  const id = nextCall++;
  return new Promise((resolve, reject) => {
    pending.set(id, { resolve, reject });
    parentPort.postMessage({ kind: "syscall", id, run, op, payload }, transfer);
  });
}

const runOf = () => {
  const store = current.getStore();
  if (store === undefined) throw new Error("Convex syscall outside of a function execution");
  charge(store);
  return store.run;
};

/**
 * A query's or mutation's own run time (its JS here, not its syscalls' round trips), held to
 * Convex's 1 s limit at each syscall and at its end.
 */
function charge(store) {
  const now = performance.now();
  if (!store.transactional) return mark(now);
  store.ownMs += segmentMs(now);
  store.busyMs += now - store.resumedAt;
  store.resumedAt = now;
  if (overTimeLimit(store.busyMs, store.cpuAtStart, LIMITS.queryMutationMs)) throw new Error(`Function execution timed out (maximum duration: ${LIMITS.queryMutationMs / 1000}s)`);
}

/** Back from a syscall: the function's own time runs again. */
function resumed(value) {
  const store = current.getStore();
  const now = performance.now();
  if (store?.transactional) store.resumedAt = now;
  mark(now);
  return value;
}

// A synchronous syscall: the request goes as a message, the answer comes back in
// `workerData.shared` (state, length, then the JSON text; a long text on `workerData.answers`)
// while this thread waits (actions.mjs `wake`).
const sharedState = new Int32Array(workerData.shared, 0, 2);
const sharedText = new Uint8Array(workerData.shared, 8);
const decoder = new TextDecoder();
const ANSWERED = 1;
const ASYNC_ERROR = 3;

function callMainSync(run, op, json, async = false) {
  Atomics.store(sharedState, 0, 0);
  parentPort.postMessage({ kind: "syncSyscall", run, op, payload: json, async });
  // Atomics.wait may return early (a signal, such as --cpu-prof's): only the state says the answer is there.
  while (Atomics.load(sharedState, 0) === 0) Atomics.wait(sharedState, 0, 0);
  const text = sharedState[1] === -1 ? receiveMessageOnPort(workerData.answers).message : decoder.decode(sharedText.slice(0, sharedState[1]));
  if (sharedState[0] === ANSWERED) return text;
  if (sharedState[0] !== ASYNC_ERROR) throw new Error(text);
  const { message, data } = JSON.parse(text);
  throw Object.assign(new Error(message), data !== undefined ? { data } : {});
}

// A query's or mutation's database calls are answered while this thread waits, as synchronous
// syscalls are: the main thread serves them at once (no other work of theirs runs meanwhile), and
// a reply message would cost a message and a turn of this thread's loop each. The function still
// sees a promise. Nested calls, storage and the rest stay messages: they may take long, and other
// functions in this worker run meanwhile.
const AWAITED = new Set(["1.0/get", "1.0/insert", "1.0/shallowMerge", "1.0/replace", "1.0/remove", "1.0/queryStreamNext", "1.0/queryPage", "1.0/count", "1.0/schedule", "1.0/cancel_job", "1.0/getUserIdentity"]);

function awaited(op, json) {
  try {
    return Promise.resolve(callMainSync(runOf(), op, json, true));
  } catch (e) {
    return Promise.reject(e);
  } finally {
    resumed();
  }
}

// A query stream's start and end need no answer: the worker numbers its streams, and the main
// thread serves these messages in order, before the stream's first `queryStreamNext` (which
// throws the start's error, if it had one; actions.mjs `post`).
function posted(op, json) {
  const store = current.getStore();
  if (!store?.transactional || (op !== "1.0/queryStream" && op !== "1.0/queryCleanup")) return null;
  try {
    const run = runOf();
    if (op === "1.0/queryCleanup") {
      parentPort.postMessage({ kind: "post", run, op, payload: json });
      return "true";
    }
    const queryId = store.nextQueryId++;
    parentPort.postMessage({ kind: "post", run, op, payload: json, queryId });
    return JSON.stringify({ queryId });
  } finally {
    resumed();
  }
}

// A mutation whose transaction runs here (worker-tx.mjs) serves its own database calls.
const local = new LocalTransactions(workerData);

/** A syscall of a mutation whose transaction runs here, timed as one served by the main thread. */
function servedHere(serve) {
  runOf();
  try {
    return serve();
  } finally {
    resumed();
  }
}

/** Gives the run's transaction to the main thread, which serves its calls from now on; false when it cannot. */
function handedOff(exec) {
  if (!local.handOff(exec)) return false;
  const store = current.getStore();
  store.local = null;
  // Streams the main thread numbers from here on (actions.mjs `post`) follow the worker's.
  store.nextQueryId = exec.nextQueryId;
  return true;
}

globalThis.Convex = {
  syscall: (op, json) => {
    const exec = current.getStore()?.local;
    if (exec) return servedHere(() => local.syscall(exec, op, json));
    const answer = posted(op, json);
    if (answer !== null) return answer;
    try {
      return callMainSync(runOf(), op, json);
    } finally {
      resumed();
    }
  },
  asyncSyscall: (op, json) => {
    const exec = current.getStore()?.local;
    if (exec && (local.serves(exec, op) || !handedOff(exec))) {
      try {
        return servedHere(() => local.asyncSyscall(exec, op, json));
      } catch (e) {
        return Promise.reject(e);
      }
    }
    return current.getStore()?.transactional && AWAITED.has(op) ? awaited(op, json) : callMain(runOf(), op, json).then(resumed, (e) => {
      resumed();
      throw e;
    });
  },
  jsSyscall: async (op, args) => {
    const exec = current.getStore()?.local;
    if (exec && !handedOff(exec)) return local.jsSyscall(exec);
    const run = runOf();
    if (op === "storage/storeBlob") {
      const bytes = new Uint8Array(await args.blob.arrayBuffer());
      return callMain(run, op, { bytes, type: args.blob.type || null }, [bytes.buffer]);
    }
    if (op === "storage/getBlob") {
      const found = await callMain(run, op, { storageId: args.storageId });
      return found ? new Blob([found.bytes], found.type ? { type: found.type } : {}) : null;
    }
    throw new Error(`Unknown JS operation ${op}`);
  },
};

for (const [method, level] of Object.entries({ log: "LOG", info: "INFO", warn: "WARN", error: "ERROR", debug: "DEBUG" })) {
  const original = console[method].bind(console);
  console[method] = (...args) => {
    const run = current.getStore()?.run;
    if (run === undefined) return original(...args);
    parentPort.postMessage({ kind: "log", run, line: `[${level}] ${format(...args)}` });
  };
}

// Modules without "use node" run in a context with Convex's runtime globals
// (actions there see real time and may fetch); "use node" ones in Node.
const modules = {};
// Queries and mutations see their execution's frozen time and seeded Math.random (as on the
// main thread, runtime.mjs); actions the real ones, and only they may fetch.
const loaders = evaluateForRuntime(workerData.runtimeFile, {
  now: () => current.getStore()?.now ?? Date.now(),
  random: () => (current.getStore()?.random ?? Math.random)(),
  inTransaction: () => Boolean(current.getStore()?.transactional),
  env: () => workerData.env,
  convex: globalThis.Convex,
  name: "Convex runtime (worker)",
  executionKey: () => current.getStore(),
});
for (const [name, load] of Object.entries(loaders)) modules[name] = load();
await Promise.all(workerData.nodeNames.map(async (name) => {
  modules[name] = await import(pathToFileURL(path.join(workerData.outDir, `${name}.mjs`)).href);
}));

function serializeError(e) {
  return { name: e?.name ?? "Error", message: e?.message ?? String(e), stack: e?.stack, data: e?.data, convexError: e?.ConvexErrorSymbol === Symbol.for("ConvexError") || e?.[Symbol.for("ConvexError")] === true };
}

async function runTransactional({ kind, module, exportName, argsJson }) {
  const fn = modules[module]?.[exportName];
  const result = await (kind === "query" ? fn.invokeQuery(argsJson) : fn.invokeMutation(argsJson));
  charge(current.getStore());
  return result;
}

/**
 * A mutation whose transaction runs here: its value and what its transaction did, for the main
 * thread to commit; `needsMain` when it made a call only the main thread serves (the run is
 * dropped and the main thread runs the function again, serving its calls).
 */
function runHere(msg, store) {
  const exec = local.begin(msg.local, {
    kind: msg.kind,
    requestId: msg.requestId,
    udfPath: `${msg.module}:${msg.exportName}`,
    abandon: () => parentPort.postMessage({ kind: "done", run: msg.run, needsMain: true }),
    handOff: (tx) => parentPort.postMessage({ kind: "handoff", run: msg.run, tx }),
    prewrite: (items) => parentPort.postMessage({ kind: "prewrite", run: msg.run, items }),
  });
  if (exec === null) return Promise.resolve({ needsMain: true });
  store.local = exec;
  return runTransactional(msg).then(
    (value) => {
      if (exec.abandoned) return { abandoned: true };
      if (exec.handedOff) return { value, tx: null };
      const tx = local.outcome(exec);
      if (tx === null) {
        local.moveToMain(exec);
        return { abandoned: true };
      }
      return { value, tx };
    },
    (e) => {
      if (exec.abandoned) return { abandoned: true };
      // A query that threw still read a snapshot: its read set goes back (a subscription re-runs on a change to it).
      if (msg.kind === "query") {
        const tx = local.outcome(exec);
        if (tx !== null) return { error: e, tx };
        local.moveToMain(exec);
        return { abandoned: true };
      }
      if (!exec.handedOff) local.end(exec);
      throw e;
    },
  );
}

async function runAction({ module, exportName, requestId, argsJson }) {
  const fn = modules[module]?.[exportName];
  return fn.invokeAction(requestId, argsJson);
}

async function runHttp({ url, method, headers, body }) {
  const router = modules.http?.default;
  const request = new Request(url, { method, headers, body: body ?? undefined });
  const match = router?.lookup?.(new URL(url).pathname, method);
  if (!match) return { status: 404, headers: [], body: new TextEncoder().encode("No matching routes found") };
  const response = await match[0].invokeHttpAction(request);
  const out = [];
  response.headers.forEach((value, key) => out.push([key, value]));
  for (const cookie of response.headers.getSetCookie?.() ?? []) out.push(["set-cookie", cookie]);
  return { status: response.status, headers: out.filter(([k], i, all) => k !== "set-cookie" || all.findIndex(([k2]) => k2 === "set-cookie") <= i), body: new Uint8Array(await response.arrayBuffer()) };
}

parentPort.on("message", (msg) => {
  mark();
  if (msg.kind === "close") {
    void Promise.resolve(local.close()).finally(() => parentPort.postMessage({ kind: "closed" }));
    return;
  }
  if (msg.kind === "reply") {
    const p = pending.get(msg.id);
    pending.delete(msg.id);
    if (msg.error) p.reject(Object.assign(new Error(msg.error.message), msg.error.data !== undefined ? { data: msg.error.data } : {}));
    else p.resolve(msg.value);
    return;
  }
  const transactional = msg.kind === "query" || msg.kind === "mutation";
  const job = transactional ? () => runTransactional(msg) : msg.kind === "action" ? () => runAction(msg) : () => runHttp(msg);
  const store = transactional
    ? { run: msg.run, now: msg.now, random: seededRandom(msg.seed), transactional, busyMs: 0, ownMs: 0, resumedAt: performance.now(), cpuAtStart: threadCpuMs(START_STALE_MS), nextQueryId: 0 }
    : { run: msg.run, transactional };
  const own = () => (transactional ? ownMs(store.ownMs, store.cpuAtStart) : undefined);
  mark();
  if (msg.local) {
    void current.run(store, () => runHere(msg, store)).then(
      (out) => {
        if (out.abandoned) return;
        if (out.needsMain) parentPort.postMessage({ kind: "done", run: msg.run, needsMain: true });
        else if ("error" in out) parentPort.postMessage({ kind: "done", run: msg.run, error: serializeError(out.error), tx: out.tx, busyMs: own() });
        else parentPort.postMessage({ kind: "done", run: msg.run, value: out.value, ...(out.tx ? { tx: out.tx } : {}), busyMs: own() });
      },
      (e) => parentPort.postMessage({ kind: "done", run: msg.run, error: serializeError(e), busyMs: own() }),
    );
    return;
  }
  void current
    .run(store, job)
    .then(
      (value) => parentPort.postMessage({ kind: "done", run: msg.run, value, busyMs: own() }),
      (e) => parentPort.postMessage({ kind: "done", run: msg.run, error: serializeError(e), busyMs: own() }),
    );
});
// What it holds before its first call: the app's modules, and the store when it runs transactions.
if (workerData.catalog) local.open(workerData.catalog);
parentPort.postMessage({ kind: "ready", tid: kernelThreadId(), loaded: { modules: Object.keys(modules), store: local.reader !== null } });
