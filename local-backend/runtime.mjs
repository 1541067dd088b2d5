// What functions see of the runtime, as on Convex: inside a query or
// mutation `Date.now()` / `new Date()` are frozen at the execution's start
// and `Math.random` is seeded per execution (so a query's result is a
// function of its arguments and the data); `process.env` holds only the
// deployment's variables (with CONVEX_CLOUD_URL and CONVEX_SITE_URL), not
// the shell's. Actions run in workers whose environment is the same set.
// https://docs.convex.dev/functions/runtimes ("Restrictions on queries and mutations")
import { createHash } from "node:crypto";
import { requestContext } from "./context.mjs";

const RealDate = Date;
const realRandom = Math.random;
let installed = false;

const frozenNow = () => {
  const exec = requestContext.getStore();
  return exec?.server && exec.now !== undefined ? exec.now : RealDate.now();
};

/** A small seeded generator (sfc32) for one execution's Math.random. */
export function seededRandom(seed) {
  const h = createHash("sha256").update(seed).digest();
  let a = h.readUInt32LE(0), b = h.readUInt32LE(4), c = h.readUInt32LE(8), d = h.readUInt32LE(12);
  return () => {
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

const deploymentEnv = () => requestContext.getStore().server.deploymentEnv;

export function installRuntime() {
  if (installed) return;
  installed = true;
  // Read by convex-globals.mjs (bundled into the functions): is a query or mutation running?
  globalThis.__convexLocalBackend = {
    inTransaction: () => {
      const exec = requestContext.getStore();
      return Boolean(exec?.server && exec.kind !== "action");
    },
  };
  function LocalDate(...args) {
    if (!new.target) return new RealDate(frozenNow()).toString();
    return Reflect.construct(RealDate, args.length === 0 ? [frozenNow()] : args, new.target);
  }
  Object.setPrototypeOf(LocalDate, RealDate);
  LocalDate.prototype = RealDate.prototype;
  LocalDate.now = frozenNow;
  globalThis.Date = LocalDate;

  Math.random = () => {
    const exec = requestContext.getStore();
    return exec?.server && exec.random ? exec.random() : realRandom();
  };

  const realEnv = process.env;
  process.env = new Proxy(realEnv, {
    set(target, key, value) {
      target[key] = value;
      return true;
    },
    get(target, key) {
      const exec = requestContext.getStore();
      if (exec?.server && typeof key === "string") return deploymentEnv()[key];
      return Reflect.get(target, key);
    },
    has(target, key) {
      const exec = requestContext.getStore();
      if (exec?.server) return key in deploymentEnv();
      return Reflect.has(target, key);
    },
    ownKeys(target) {
      const exec = requestContext.getStore();
      if (exec?.server) return Reflect.ownKeys(deploymentEnv());
      return Reflect.ownKeys(target);
    },
    getOwnPropertyDescriptor(target, key) {
      const exec = requestContext.getStore();
      if (exec?.server) {
        const env = deploymentEnv();
        return key in env ? { value: env[key], writable: true, enumerable: true, configurable: true } : undefined;
      }
      return Reflect.getOwnPropertyDescriptor(target, key);
    },
  });
}
