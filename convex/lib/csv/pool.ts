// The CSV import's job runner: @convex-dev/workpool runs each import's runner (an action that
// applies its batches in order) with retries and backoff, and reports its end (success,
// failure after the last retry, or cancel) to imports.batchDone.
import { Workpool } from "@convex-dev/workpool";
import { components } from "../../_generated/api";
import { MAX_IMPORT_ROWS } from "../constants";

// A batch's counts are added up and written once (lib/counts/tally.ts), so a created row costs
// only its own writes: 500 rows take well under a mutation's 1 s (1,000-row batches also pass).
export const IMPORT_BATCH = 500;
// A 10,000-row file is 20 batches; a job's work ids live in its row.
export const MAX_BATCHES = Math.ceil(MAX_IMPORT_ROWS / IMPORT_BATCH);

export const importPool = new Workpool(components.importPool, {
  // One import at a time. A file's batches run one after another in its runner: two batches of
  // one file always conflict (on Convex as here), as both add to the workspace's counters and
  // stock groups (lib/counts/tally.ts), so the later commit would be retried from scratch
  // (bench/registry/import.mjs, 2,000 rows at load 8-12, batches in parallel: 5 of 8 batch runs
  // retried once to four times).
  maxParallelism: 1,
  logLevel: "WARN",
  retryActionsByDefault: true,
  defaultRetryBehavior: { maxAttempts: 3, initialBackoffMs: 250, base: 2 },
});

export const IMPORT_TEXT = {
  alreadyRunning: "An import is already running: wait for it to finish or cancel it.",
  costChanged: (cost: number, expected: number) => `This import costs ${cost} TMT, not ${expected} TMT. Please review it again.`,
  nothingToImport: "Every row is a duplicate you chose to skip: there is nothing to import.",
  notRunning: "This import is not running any more.",
  failed: "The import failed and was undone; your tokens were refunded.",
  cancelled: "The import was cancelled and undone; your tokens were refunded.",
  keptBecauseMoved: (kept: number) => `${kept} item${kept === 1 ? " was" : "s were"} kept because ${kept === 1 ? "it" : "they"} changed hands meanwhile.`,
} as const;
