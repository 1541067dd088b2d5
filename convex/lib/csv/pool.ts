// The CSV import's job runner: @convex-dev/workpool runs each batch as an action
// with retries and backoff, a few at a time across all businesses, and reports
// every batch's end (success, failure after the last retry, or cancel) to
// imports.batchDone.
import { Workpool } from "@convex-dev/workpool";
import { components } from "../../_generated/api";
import { MAX_IMPORT_ROWS } from "./import";

// Each created item also updates the app's count aggregates (lib/writes.ts triggers), about
// 6 ms of function time per row on the local backend: 100 rows stay well inside a mutation's 1 s.
export const IMPORT_BATCH = 100;
// A 10,000-row file is 100 batches; a job's work ids live in its row.
export const MAX_BATCHES = Math.ceil(MAX_IMPORT_ROWS / IMPORT_BATCH);

export const importPool = new Workpool(components.importPool, {
  // Two batches at a time (across businesses: a third waits its turn). Measured with
  // bench/registry/import.mjs on the local backend before the count aggregates (lib/writes.ts
  // triggers) landed, 10,000 rows at load 1-2: 500 rows x 2 in
  // parallel 9.5-10.8 s; 1,000 x 2 10.8-11.2 s; 1,000 x 1 12.5-13.5 s (load 5); 250 x 1 16.2 s (load 4).
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
