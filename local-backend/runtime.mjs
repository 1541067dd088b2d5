// What functions see of time, randomness and the environment, as on Convex:
// inside a query or mutation `Date.now()` / `new Date()` are frozen at the
// execution's start and `Math.random` is seeded per execution (so a query's
// result is a function of its arguments and the data); `process.env` holds
// only the deployment's variables (with CONVEX_CLOUD_URL and CONVEX_SITE_URL).
// The functions' own globals are in their V8 context (isolate.mjs); these are
// the main thread's hooks into it. Actions run in workers (action-worker.mjs).
// https://docs.convex.dev/functions/runtimes ("Restrictions on queries and mutations")
import { createHash } from "node:crypto";
import { requestContext } from "./context.mjs";

/**
 * A small seeded generator (sfc32) for one execution's Math.random. The seed is hashed on the
 * first call: most executions never draw a number, and every one gets a generator.
 */
export function seededRandom(seed) {
  let a = 0, b = 0, c = 0, d = 0;
  let seeded = false;
  return () => {
    if (!seeded) {
      const h = createHash("sha256").update(seed).digest();
      a = h.readUInt32LE(0); b = h.readUInt32LE(4); c = h.readUInt32LE(8); d = h.readUInt32LE(12);
      seeded = true;
    }
    a >>>= 0; b >>>= 0; c >>>= 0; d >>>= 0;
    const t = (a + b) | 0;
    a = b ^ (b >>> 9);
    b = (c + (c << 3)) | 0;
    c = (c << 21) | (c >>> 11);
    d = (d + 1) | 0;
    const r = (t + d) | 0;
    c = (c + r) | 0;
    return (r >>> 0) / 4294967296;
  };
}

const execution = () => {
  const exec = requestContext.getStore();
  return exec?.server ? exec : null;
};

/**
 * The hooks a context on the main thread runs with: the current execution
 * (AsyncLocalStorage, which follows the context's promises) decides the time,
 * the random numbers and whether fetch is allowed.
 * @param {{ deploymentEnv: Record<string, string> }} server
 * @param {any} convex the syscalls (syscalls.mjs)
 */
export function mainThreadHooks(server, convex) {
  return {
    now: () => execution()?.now ?? Date.now(),
    random: () => (execution()?.random ?? Math.random)(),
    inTransaction: () => {
      const exec = execution();
      return Boolean(exec && exec.kind !== "action");
    },
    env: () => server.deploymentEnv,
    convex,
    executionKey: execution,
  };
}

let installed = false;

/**
 * "use node" modules loaded on the main thread (components' Node actions) read
 * process.env: during an execution it is the deployment's variables only.
 */
export function installNodeEnv() {
  if (installed) return;
  installed = true;
  const realEnv = process.env;
  const deploymentEnv = () => execution()?.server.deploymentEnv ?? null;
  process.env = new Proxy(realEnv, {
    set(target, key, value) {
      target[/** @type {string} */ (key)] = value;
      return true;
    },
    get(target, key) {
      const env = deploymentEnv();
      if (env && typeof key === "string") return env[key];
      return Reflect.get(target, key);
    },
    has(target, key) {
      const env = deploymentEnv();
      return env ? key in env : Reflect.has(target, key);
    },
    ownKeys(target) {
      const env = deploymentEnv();
      return env ? Reflect.ownKeys(env) : Reflect.ownKeys(target);
    },
    getOwnPropertyDescriptor(target, key) {
      const env = deploymentEnv();
      if (env) return key in env ? { value: env[key], writable: true, enumerable: true, configurable: true } : undefined;
      return Reflect.getOwnPropertyDescriptor(target, key);
    },
  });
}
