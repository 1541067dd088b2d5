// Function console output: collected as the request's logLines (which the
// Convex client prints in the browser console) and echoed on the terminal,
// the way `npx convex dev` shows function logs.
import { format } from "node:util";
import { requestContext } from "./context.mjs";

const LEVELS = { log: "LOG", info: "INFO", warn: "WARN", error: "ERROR", debug: "DEBUG" };
/** How long a function's line may wait to be echoed with the lines after it. */
const ECHO_MS = 50;
let installed = false;

/**
 * console.time / timeLog / timeEnd as Convex's runtime has them (its
 * `op_console_time_*`): real time in whole milliseconds, logged as INFO
 * "label: 12ms"; a repeated or unknown label is a warning. Timers belong to
 * the execution `executionKey()` names (null: one set for the context).
 */
export function withConvexTimers(base, executionKey) {
  const timers = new Map();
  const own = () => {
    const key = executionKey() ?? null;
    if (!timers.has(key)) timers.set(key, new Map());
    return { key, labels: timers.get(key) };
  };
  const labelOf = (label) => (label === undefined ? "default" : label === null ? "null" : String(label));
  const elapsed = (labels, label) => Date.now() - labels.get(label);
  return {
    ...Object.fromEntries(["log", "info", "warn", "error", "debug", "trace", "assert", "count", "countReset", "dir", "table", "group", "groupCollapsed", "groupEnd"].map((m) => [m, (...args) => base[m](...args)])),
    time(label) {
      const name = labelOf(label);
      const { labels } = own();
      if (labels.has(name)) base.warn(`Timer '${name}' already exists`);
      else labels.set(name, Date.now());
    },
    timeLog(label, ...extra) {
      const name = labelOf(label);
      const { labels } = own();
      if (!labels.has(name)) base.warn(`Timer '${name}' does not exist`);
      else base.info(`${name}: ${elapsed(labels, name)}ms`, ...extra);
    },
    timeEnd(label) {
      const name = labelOf(label);
      const { key, labels } = own();
      if (!labels.has(name)) return base.warn(`Timer '${name}' does not exist`);
      const ms = elapsed(labels, name);
      labels.delete(name);
      if (labels.size === 0) timers.delete(key);
      base.info(`${name}: ${ms}ms`);
    },
  };
}

export function installLogCapture() {
  if (installed) return;
  installed = true;
  // The terminal's copy is written every ECHO_MS, a busy server's lines together (one write each,
  // or one a turn, was 2–3.5 % of its main thread at 300 mutations a second: each write to the
  // terminal's pipe is a system call that wakes its reader), and at exit whatever is left.
  /** @type {[(...args: any[]) => void, string][]} */
  let queued = [];
  const flush = () => {
    const lines = queued;
    queued = [];
    for (let i = 0; i < lines.length; ) {
      let j = i + 1;
      while (j < lines.length && lines[j][0] === lines[i][0]) j++;
      lines[i][0](lines.slice(i, j).map(([, line]) => line).join("\n"));
      i = j;
    }
  };
  process.on("exit", flush);
  for (const [method, level] of Object.entries(LEVELS)) {
    const original = console[method].bind(console);
    console[method] = (...args) => {
      const request = requestContext.getStore();
      if (!request?.label) return original(...args);
      const line = `[${level}] ${format(...args)}`;
      request.logs?.push(line);
      if (queued.length === 0) setTimeout(flush, ECHO_MS).unref();
      queued.push([original, `${request.label} ${line}`]);
    };
  }
}
