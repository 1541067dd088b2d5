// A worker thread that runs actions and HTTP actions, so their CPU (password
// hashing, parsing, crypto) never holds up the queries and mutations on the
// main thread. Every syscall goes to the main thread, which serves it for the
// action's execution; console output comes back as the action's log lines.
import { AsyncLocalStorage } from "node:async_hooks";
import { format } from "node:util";
import { parentPort, workerData } from "node:worker_threads";
import { pathToFileURL } from "node:url";
import path from "node:path";
import { evaluateForRuntime } from "./isolate.mjs";

// Stack frames of "use node" bundles name the app's source files, as on the main thread.
process.setSourceMapsEnabled(true);

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
  const run = current.getStore();
  if (run === undefined) throw new Error("Convex syscall outside of a function execution");
  return run;
};

globalThis.Convex = {
  syscall: (op) => {
    throw new Error(`${op} is not available in actions`);
  },
  asyncSyscall: (op, json) => callMain(runOf(), op, json),
  jsSyscall: async (op, args) => {
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
    const run = current.getStore();
    if (run === undefined) return original(...args);
    parentPort.postMessage({ kind: "log", run, line: `[${level}] ${format(...args)}` });
  };
}

// Modules without "use node" run in a context with Convex's runtime globals
// (actions there see real time and may fetch); "use node" ones in Node.
const modules = {};
const loaders = evaluateForRuntime(workerData.runtimeFile, {
  now: () => Date.now(),
  random: () => Math.random(),
  inTransaction: () => false,
  env: () => workerData.env,
  convex: globalThis.Convex,
  name: "Convex runtime (actions)",
  executionKey: () => current.getStore(),
});
for (const [name, load] of Object.entries(loaders)) modules[name] = load();
await Promise.all(workerData.nodeNames.map(async (name) => {
  modules[name] = await import(pathToFileURL(path.join(workerData.outDir, `${name}.mjs`)).href);
}));

function serializeError(e) {
  return { name: e?.name ?? "Error", message: e?.message ?? String(e), stack: e?.stack, data: e?.data, convexError: e?.ConvexErrorSymbol === Symbol.for("ConvexError") || e?.[Symbol.for("ConvexError")] === true };
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
  if (msg.kind === "reply") {
    const p = pending.get(msg.id);
    pending.delete(msg.id);
    if (msg.error) p.reject(Object.assign(new Error(msg.error.message), msg.error.data !== undefined ? { data: msg.error.data } : {}));
    else p.resolve(msg.value);
    return;
  }
  const job = msg.kind === "action" ? () => runAction(msg) : () => runHttp(msg);
  void current
    .run(msg.run, job)
    .then(
      (value) => parentPort.postMessage({ kind: "done", run: msg.run, value }),
      (e) => parentPort.postMessage({ kind: "done", run: msg.run, error: serializeError(e) }),
    );
});
parentPort.postMessage({ kind: "ready" });
