// Runs scheduled functions at their time, for real, through convex-test's
// own job runner (which moves the `_scheduled_functions` document through
// pending -> inProgress -> success/failed). Timers are armed from a clean
// async context so a job never inherits its scheduler's transaction state.
import { AsyncResource } from "node:async_hooks";
import { requestContext, tableOfId } from "./reactivity.mjs";

const MAX_DELAY = 2 ** 31 - 1;

export class JobTimers {
  /** @param {{ engine: any, g: any, db: any, log: (msg: string) => void }} deps */
  constructor({ engine, g, db, log }) {
    this.engine = engine;
    this.g = g;
    this.db = db;
    this.log = log;
    this.timers = new Map();
    this.running = new Set();
    this.stopped = false;
    // Bound here, at construction, outside any function execution.
    this.inCleanContext = AsyncResource.bind((fn) => fn());
  }

  /** Arms a timer for a job document already inserted (maybe uncommitted). */
  add(jobId, udfPath, args, scheduledTime) {
    if (this.stopped) return;
    this.inCleanContext(() => this.arm(jobId, udfPath, args, scheduledTime));
  }

  arm(jobId, udfPath, args, scheduledTime) {
    const delay = Math.min(Math.max(0, scheduledTime - Date.now()), MAX_DELAY);
    const timer = setTimeout(() => {
      this.timers.delete(jobId);
      if (this.stopped) return;
      if (scheduledTime > Date.now()) return this.arm(jobId, udfPath, args, scheduledTime);
      const run = this.run(jobId, udfPath, args).finally(() => this.running.delete(run));
      this.running.add(run);
    }, delay);
    timer.unref?.();
    this.timers.set(jobId, timer);
  }

  async run(jobId, udfPath, args) {
    const { engine, g, db } = this;
    const store = { reads: null, logs: null, commitTs: null, label: udfPath };
    try {
      await requestContext.run(store, () =>
        engine.convexGlobalStorage.run(g, () =>
          engine.runScheduledFunction({
            db,
            jobId,
            componentPath: "",
            functionPath: { componentPath: "", udfPath },
            args,
            name: udfPath,
          }),
        ),
      );
    } catch (e) {
      this.log(`Scheduled function ${udfPath} crashed: ${e?.stack ?? e}`);
    }
  }

  /** Re-arms the pending jobs found in the database after a restart. */
  restore() {
    for (const [id, doc] of Object.entries(this.db._documents)) {
      if (tableOfId(id) !== "_scheduled_functions" || doc.state?.kind !== "pending") continue;
      this.add(id, doc.name, doc.args[0], doc.scheduledTime);
    }
  }

  async stop() {
    this.stopped = true;
    for (const timer of this.timers.values()) clearTimeout(timer);
    this.timers.clear();
    await Promise.allSettled([...this.running]);
  }
}
