// Keeps the console entries a bug report sends: errors,
// warnings, and logs that mention 'error', 'failed' or 'timeout'; the last 20.
// The original console methods keep working; entries are redacted on capture.
import { redactSecrets } from "../../convex/lib/bugReports/redact";
import { CONSOLE_BUFFER_SIZE, CONSOLE_LEVELS, MAX_CONSOLE_ENTRY_CHARS } from "../../convex/lib/bugReports/console";
import type { ConsoleEntry, ConsoleLevel } from "../../convex/lib/bugReports/rules";

export type { ConsoleEntry };

const LOG_KEYWORDS = /error|failed|timeout/i;
const METHODS: readonly ConsoleLevel[] = CONSOLE_LEVELS;

let entries: ConsoleEntry[] = [];
let uninstall: (() => void) | null = null;

function describe(value: unknown): string {
  if (typeof value === "string") return value;
  if (value instanceof Error) return value.stack ?? `${value.name}: ${value.message}`;
  try {
    return JSON.stringify(value) ?? String(value);
  } catch {
    return String(value);
  }
}

function formatConsoleArgs(args: readonly unknown[]): string {
  return args.map(describe).join(" ");
}

/** Adds an entry if it qualifies; keeps only the newest CONSOLE_BUFFER_SIZE. */
export function recordConsoleEntry(level: ConsoleLevel, args: readonly unknown[]): void {
  const text = formatConsoleArgs(args);
  if (level === "log" && !LOG_KEYWORDS.test(text)) return;
  const message = redactSecrets(text).slice(0, MAX_CONSOLE_ENTRY_CHARS);
  entries = [...entries, { level, message, timestamp: Date.now() }].slice(-CONSOLE_BUFFER_SIZE);
}

/** The buffered entries, oldest first. */
export function getConsoleEntries(): ConsoleEntry[] {
  return [...entries];
}

export function clearConsoleBuffer(): void {
  entries = [];
}

/** Wraps console.error/warn/log and listens for uncaught errors; idempotent. Returns the uninstaller. */
export function installConsoleBuffer(target: Console = console, win: Window | undefined = globalThis.window): () => void {
  if (uninstall) return uninstall;
  const originals = METHODS.map((level) => [level, target[level]] as const);
  for (const [level, original] of originals) {
    target[level] = (...args: unknown[]) => {
      try {
        recordConsoleEntry(level, args);
      } catch {
        // Capturing must never break logging.
      }
      original.apply(target, args);
    };
  }
  const onError = (event: ErrorEvent) => recordConsoleEntry("error", [event.error ?? event.message]);
  const onRejection = (event: PromiseRejectionEvent) => recordConsoleEntry("error", ["Unhandled rejection:", event.reason]);
  win?.addEventListener("error", onError);
  win?.addEventListener("unhandledrejection", onRejection);
  uninstall = () => {
    for (const [level, original] of originals) target[level] = original;
    win?.removeEventListener("error", onError);
    win?.removeEventListener("unhandledrejection", onRejection);
    uninstall = null;
  };
  return uninstall;
}
