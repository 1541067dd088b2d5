// The CSV import's job runner: @convex-dev/workpool runs each batch as an action
// with retries and backoff, a few at a time across all businesses, and reports
// every batch's end (success, failure after the last retry, or cancel) to
// imports.batchDone.
import { Workpool } from "@convex-dev/workpool";
import { components } from "../../_generated/api";
import { MAX_IMPORT_ROWS } from "../constants";

// A batch's counts are added up and written once (lib/counts/tally.ts), so a created row costs
// only its own writes: 500 rows take well under a mutation's 1 s (1,000-row batches also pass).
export const IMPORT_BATCH = 500;
// A 10,000-row file is 20 batches; a job's work ids live in its row.
export const MAX_BATCHES = Math.ceil(MAX_IMPORT_ROWS / IMPORT_BATCH);

export const importPool = new Workpool(components.importPool, {
  // Two batches at a time (across businesses: a third waits its turn). Measured with
  // bench/registry/import.mjs on the local backend, 10,000 rows at load 0.2-0.3: 500 rows x 2
  // in parallel 7.7 s; 1,000 x 2 10.7 s; 100 x 2 15.5 s (the pool's own cost per batch).
  maxParallelism: 2,
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
