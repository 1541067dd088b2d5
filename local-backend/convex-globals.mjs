// Injected (esbuild `inject`) into every convex/ module without "use node":
// Convex's default runtime is not Node, so Node's globals are not there.
// A reference to one throws a ReferenceError that says so; `process` holds
// only `env` (the deployment's variables, see runtime.mjs).
// https://docs.convex.dev/functions/runtimes
const missing = (name) =>
  new Proxy(function () {}, {
    get(_target, key) {
      if (key === Symbol.toPrimitive || key === "toString") return () => `[${name} is not available in Convex's runtime]`;
      throw new ReferenceError(`${name} is not defined: Convex's runtime has no Node.js globals (add "use node" to the file to run it as a Node action)`);
    },
    apply() {
      throw new ReferenceError(`${name} is not defined: Convex's runtime has no Node.js globals (add "use node" to the file to run it as a Node action)`);
    },
    construct() {
      throw new ReferenceError(`${name} is not defined: Convex's runtime has no Node.js globals (add "use node" to the file to run it as a Node action)`);
    },
  });

const Buffer = missing("Buffer");
const setImmediate = missing("setImmediate");
const clearImmediate = missing("clearImmediate");
const global = missing("global");
const process = Object.freeze({
  get env() {
    return globalThis.process.env;
  },
});

// fetch is for actions: queries and mutations are deterministic transactions.
const fetch = async (...args) => {
  if (globalThis.__convexLocalBackend?.inTransaction()) {
    throw new Error("Can't use fetch() in queries and mutations. Please consider using an action. See https://docs.convex.dev/functions/actions for more details.");
  }
  return globalThis.fetch(...args);
};

export { Buffer, setImmediate, clearImmediate, global, process, fetch };
