// A function's error as Convex's runtime reports it on a dev deployment
// (crates/isolate/src/error.rs, common/src/errors.rs `JsError`): "Uncaught
// <name>: <message>", then the user's stack frames, source-mapped and named as
// the bundle's source map names them ("../convex/x.ts:12:3"), never the
// backend's own frames, Node's internals or the bundles it writes.
import path from "node:path";
import { fileURLToPath } from "node:url";
import { convexToJson } from "convex/values";

const BACKEND_DIR = path.dirname(fileURLToPath(import.meta.url));
const FRAME = /^\s+at (?:(.*?) \()?(.+?):(\d+):(\d+)\)?$/;
// Convex drops leading and trailing frames of its own runtime (`is_omittable_internal_frame`).
const CONVEX_SERVER_IMPL = /[\\/]node_modules[\\/]convex[\\/](src|dist[\\/][^\\/]+)[\\/]server[\\/]impl[\\/]/;

/**
 * The frames of `stack` in the app's tree (`projectDir`: the folder above convex/),
 * as Convex prints them, one "    at …" line each.
 * @param {string | undefined} stack
 * @param {string} projectDir
 */
function userFrames(stack, projectDir) {
  const frames = [];
  for (const line of String(stack ?? "").split("\n")) {
    const m = FRAME.exec(line);
    if (!m) continue;
    const [, fn, location, row, column] = m;
    const file = location.startsWith("file://") ? fileURLToPath(location) : location;
    if (!path.isAbsolute(file) || file.startsWith(BACKEND_DIR + path.sep)) continue;
    const rel = path.relative(projectDir, file);
    if (rel.startsWith("..")) continue;
    const shown = `../${rel.split(path.sep).join("/")}:${row}:${column}`;
    frames.push({ internal: CONVEX_SERVER_IMPL.test(file), text: fn ? `    at ${fn} (${shown})` : `    at ${shown}` });
  }
  while (frames.length > 0 && frames[0].internal) frames.shift();
  while (frames.length > 0 && frames.at(-1).internal) frames.pop();
  return frames.map((f) => f.text);
}

const isConvexError = (e) => e !== null && typeof e === "object" && (e[Symbol.for("ConvexError")] === true || e.ConvexErrorSymbol === Symbol.for("ConvexError"));

/**
 * A failed function's error as Convex sends it: `message` (request id, then `error`),
 * `error` (the error's text and its user frames), `head` (its text alone), and a
 * ConvexError's `data`.
 * @param {any} e
 * @param {string} requestId
 * @param {string} projectDir
 * @returns {{ message: string, error: string, head: string, data?: any }}
 */
export function formatError(e, requestId, projectDir) {
  // The error's own name, as Convex's runtime reads it: a ConvexError subclass keeps its name.
  const name = e?.name ?? "Error";
  // The runtime's own errors (a time limit) are not thrown by the function's code: no "Uncaught", no frames.
  const head = e?.runtime ? (e?.message ?? String(e)) : `Uncaught ${name}: ${e?.message ?? String(e)}`;
  const error = e?.runtime ? head : [head, ...userFrames(e?.stack, projectDir)].join("\n");
  const message = `[Request ID: ${requestId}] Server Error\n${error}`;
  if (!isConvexError(e)) return { message, error, head };
  // registration_impl.js serialises ConvexError data to a JSON string before rethrowing.
  const data = typeof e.data === "string" ? JSON.parse(e.data) : convexToJson(e.data ?? null);
  return { message, error, head, data };
}

/**
 * Convex's action time limit: past it the call fails with the runtime's
 * "timed out" error. The action's code cannot be stopped mid-promise here, so
 * it is cut off instead: its later syscalls are refused and its result dropped.
 * @template T
 * @param {{ timedOut?: boolean }} exec
 * @param {number} ms
 * @param {() => Promise<T>} run
 * @returns {Promise<T>}
 */
export async function withinTimeLimit(exec, ms, run) {
  let timer;
  const limit = new Promise((_, reject) => {
    timer = setTimeout(() => {
      exec.timedOut = true;
      reject(Object.assign(new Error(`Function execution timed out (maximum duration: ${durationText(ms)})`), { runtime: true }));
    }, ms);
    timer.unref?.();
  });
  try {
    return await Promise.race([run(), limit]);
  } finally {
    clearTimeout(timer);
  }
}

/** A duration as Rust's `Duration` debug-prints it in Convex's message ("600s", "1.5s", "500ms"). */
const durationText = (ms) => (ms < 1000 ? `${ms}ms` : `${ms / 1000}s`);
