// The V8 context (node:vm) that functions outside "use node" files run in,
// with the globals Convex's default runtime has and nothing else: no
// `Buffer`, `setImmediate`, `require`, `global`, and a `process` that is
// only `{ env }` (the deployment's variables). The app's modules and every
// npm package or component they reach are bundled into one script that runs
// here, so a package sees the same globals as the app's own code.
// What the runtime defines: get-convex/convex-backend npm-packages/udf-runtime/src/setup.ts
// (URL, crypto, DOMException, console, events, timers, AbortSignal, streams,
// text encoding, Blob/File, Headers, FormData, Request, Response, fetch,
// performance, AsyncLocalStorage; `Date` and `Math.random` patched for
// determinism; `process = { env }`; `self`), https://docs.convex.dev/functions/runtimes
import { AsyncLocalStorage, AsyncResource } from "node:async_hooks";
import { readFileSync } from "node:fs";
import { SourceMap } from "node:module";
import path from "node:path";
import vm from "node:vm";
import { codeCache } from "./code-cache.mjs";
import { withConvexTimers } from "./logs.mjs";

// Web APIs taken from Node as they are (Node implements the same standards).
// Their objects come from Node's realm, so `instanceof` on them is patched below.
const WEB_GLOBALS = [
  "URL", "URLSearchParams", "TextEncoder", "TextDecoder", "TextEncoderStream", "TextDecoderStream",
  "atob", "btoa", "Blob", "File", "FormData", "Headers", "Request", "Response",
  "crypto", "Crypto", "CryptoKey", "SubtleCrypto", "DOMException", "Event", "EventTarget",
  "AbortController", "AbortSignal", "ReadableStream", "ReadableStreamDefaultReader",
  "ReadableStreamBYOBReader", "ReadableStreamBYOBRequest", "ReadableByteStreamController",
  "ReadableStreamDefaultController", "TransformStream", "TransformStreamDefaultController",
  "WritableStream", "WritableStreamDefaultWriter", "WritableStreamDefaultController",
  "ByteLengthQueuingStrategy", "CountQueuingStrategy", "structuredClone", "queueMicrotask",
];

// Constructors whose instances cross between the realms (a TextEncoder's
// Uint8Array, a digest's ArrayBuffer, a host error): `x instanceof Uint8Array`
// in a function must hold for Node's Uint8Array too, as it would on Convex
// where everything is one realm. (The same list and idea as @edge-runtime/vm.)
const SHARED_CONSTRUCTORS = [
  "Object", "Array", "Function", "Promise", "RegExp", "Date", "Map", "Set",
  "Error", "TypeError", "RangeError", "SyntaxError", "ReferenceError",
  "ArrayBuffer", "DataView", "Uint8Array", "Int8Array", "Uint8ClampedArray", "Uint16Array",
  "Int16Array", "Uint32Array", "Int32Array", "Float32Array", "Float64Array", "BigInt64Array", "BigUint64Array",
];

// Runs inside the context: Convex's determinism (Date, Math.random), its
// process.env, fetch for actions only, and the cross-realm instanceof.
const SETUP = `(function setup(host) {
  "use strict";
  // Defined from inside, so they are the global object's own properties as a function sees them.
  for (const [name, value] of Object.entries(host.globals)) {
    Object.defineProperty(globalThis, name, { value, writable: true, configurable: true, enumerable: false });
  }
  for (const name of host.sharedConstructors) {
    const own = globalThis[name];
    const other = host.nodeConstructors[name];
    const ordinary = Function.prototype[Symbol.hasInstance];
    Object.defineProperty(own, Symbol.hasInstance, {
      configurable: true,
      value(instance) {
        return ordinary.call(this, instance) || (this === own && ordinary.call(other, instance));
      },
    });
  }

  // Date.now() and new Date() are the execution's frozen time in queries and mutations.
  const RealDate = globalThis.Date;
  function Date(...args) {
    if (!new.target) return new RealDate(host.now()).toString();
    return Reflect.construct(RealDate, args.length === 0 ? [host.now()] : args, new.target);
  }
  Object.setPrototypeOf(Date, RealDate);
  Date.prototype = RealDate.prototype;
  Object.defineProperty(RealDate.prototype, "constructor", { value: Date, writable: true, configurable: true });
  Date.now = () => host.now();
  Date.parse = RealDate.parse;
  Date.UTC = RealDate.UTC;
  Object.defineProperty(globalThis, "Date", { value: Date, writable: true, configurable: true });
  Math.random = () => host.random();

  const env = new Proxy({}, {
    get: (_t, key) => (typeof key === "string" ? host.env()[key] : undefined),
    has: (_t, key) => key in host.env(),
    ownKeys: () => Reflect.ownKeys(host.env()),
    getOwnPropertyDescriptor: (_t, key) => {
      const vars = host.env();
      return key in vars ? { value: vars[key], writable: true, enumerable: true, configurable: true } : undefined;
    },
    set: () => true,
  });
  globalThis.process = { env };
  globalThis.self = globalThis;

  // fetch is for actions: queries and mutations are deterministic transactions.
  globalThis.fetch = function fetch(...args) {
    if (host.inTransaction()) {
      return Promise.reject(new Error("Can't use fetch() in queries and mutations. Please consider using an action. See https://docs.convex.dev/functions/actions for more details."));
    }
    return host.fetch(...args);
  };

  // Timers return numbers, as in Convex's runtime (and browsers), not Node's Timeout objects.
  globalThis.setTimeout = (fn, ms, ...args) => Number(host.setTimeout(fn, ms, ...args));
  globalThis.setInterval = (fn, ms, ...args) => Number(host.setInterval(fn, ms, ...args));
  globalThis.clearTimeout = (id) => host.clearTimeout(id);
  globalThis.clearInterval = (id) => host.clearInterval(id);

  const methods = ["log", "info", "warn", "error", "debug", "trace", "assert", "count", "countReset", "dir", "table", "time", "timeEnd", "timeLog", "group", "groupCollapsed", "groupEnd"];
  globalThis.console = Object.fromEntries(methods.map((m) => [m, (...args) => host.console[m](...args)]));
  globalThis.performance = {
    now: () => host.performance.now(),
    get timeOrigin() { return host.performance.timeOrigin; },
    mark: (...args) => host.performance.mark(...args),
    measure: (...args) => host.performance.measure(...args),
    toJSON: () => ({ timeOrigin: host.performance.timeOrigin }),
  };
})`;

/**
 * A context with Convex's runtime globals. `hooks` connect it to the host:
 * `now()` / `random()` (frozen and seeded per execution in queries and
 * mutations), `inTransaction()` (no fetch there), `env()` (the deployment's
 * variables) and `convex` (the syscalls: { syscall, asyncSyscall, jsSyscall }).
 * @param {{ now: () => number, random: () => number, inTransaction: () => boolean,
 *   env: () => Record<string, string>, convex: any, name?: string, executionKey?: () => unknown }} hooks
 */
function createIsolate(hooks) {
  const context = vm.createContext({}, { name: hooks.name ?? "Convex runtime" });
  const globals = Object.fromEntries(WEB_GLOBALS.filter((name) => globalThis[name] !== undefined).map((name) => [name, globalThis[name]]));
  // Convex's bundler maps `async_hooks` imports to these globals (convex/dist/esm/bundler/debugBundle.js).
  Object.assign(globals, { AsyncLocalStorage, AsyncResource, Convex: hooks.convex });
  const setup = vm.runInContext(SETUP, context, { filename: "convex-runtime-setup.js" });
  setup({
    globals,
    sharedConstructors: SHARED_CONSTRUCTORS,
    nodeConstructors: Object.fromEntries(SHARED_CONSTRUCTORS.map((n) => [n, globalThis[n]])),
    now: hooks.now,
    random: hooks.random,
    env: hooks.env,
    inTransaction: hooks.inTransaction,
    fetch: (input, init) => globalThis.fetch(input, init),
    setTimeout,
    setInterval,
    clearTimeout,
    clearInterval,
    console: withConvexTimers(console, hooks.executionKey ?? (() => null)),
    performance,
  });
  return context;
}

/** The global the runtime bundle (bundle.mjs bundleForRuntime) assigns its module table to. */
export const MODULES_GLOBAL = "__convexModules";

/**
 * Evaluates a runtime bundle in a new context and returns its module loaders
 * (name -> () => the module's namespace, evaluated on first call).
 * @param {string} file
 * @param {Parameters<typeof createIsolate>[0]} hooks
 * @returns {Record<string, () => any>}
 */
export function evaluateForRuntime(file, hooks) {
  const context = createIsolate(hooks);
  const code = readFileSync(file, "utf8");
  mapStackTraces(context, file, code);
  // In a function, so the bundle's `var` stays out of the global object; lineOffset keeps its lines.
  const wrapped = `(function () {\n${code}\nreturn ${MODULES_GLOBAL};\n})()`;
  const cache = codeCache(wrapped, SCRIPT_NAME);
  // Named without its folder: V8's cached code keeps the name of the compile that made it, and
  // the same text is built in many folders (a data directory's, each test's).
  const script = new vm.Script(wrapped, { filename: SCRIPT_NAME, lineOffset: -1, cachedData: cache.data });
  const { modules } = script.runInContext(context);
  // After the run, so the data also holds what the bundle's top level compiled.
  if (cache.data === undefined || script.cachedDataRejected === true) cache.save(script);
  return modules;
}

const INLINE_MAP = "//# sourceMappingURL=data:application/json;base64,";
/** The name a runtime bundle's frames carry before they are mapped to the app's sources. */
const SCRIPT_NAME = "convex-runtime-bundle.js";

/**
 * Stack traces of errors made in the context name the functions' source files
 * (convex/x.ts:line:col), not the bundle. Node applies source maps to modules
 * it loads, not to vm scripts, so the context's Error.prepareStackTrace does
 * it (as Convex's runtime maps its own). The map is parsed on the first error.
 */
function mapStackTraces(context, file, code) {
  const at = code.lastIndexOf(INLINE_MAP);
  if (at === -1) return;
  const dir = path.dirname(file);
  // Decoded now, so the closure keeps the map's bytes, not the whole bundle's text.
  const payload = Buffer.from(code.slice(at + INLINE_MAP.length).trim(), "base64");
  let map = null;
  const original = (line, column) => {
    map ??= new SourceMap(JSON.parse(payload.toString("utf8")));
    const entry = map.findEntry(line - 1, column - 1);
    return entry?.originalSource ? `${path.resolve(dir, entry.originalSource)}:${entry.originalLine + 1}:${entry.originalColumn + 1}` : null;
  };
  const frame = (site) => {
    const text = String(site);
    const line = site.getLineNumber();
    const column = site.getColumnNumber();
    const mapped = site.getFileName() === SCRIPT_NAME && line !== null && column !== null ? original(line, column) : null;
    return mapped ? text.replace(`${SCRIPT_NAME}:${line}:${column}`, mapped) : text;
  };
  vm.runInContext("Error", context).prepareStackTrace = (error, sites) => {
    let head;
    try {
      head = Error.prototype.toString.call(error);
    } catch {
      head = "Error";
    }
    return [head, ...sites.map((site) => `    at ${frame(site)}`)].join("\n");
  };
}
