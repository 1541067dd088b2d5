// Scheduled functions on real timers, recorded in `_scheduled_functions` as
// Convex records them (pending -> inProgress -> success | failed | canceled,
// with completedTime and error). A scheduled mutation commits its writes and
// its "success" in one transaction, so it runs exactly once even across a
// crash; an action interrupted by a crash is marked failed (at most once).
import { AsyncResource } from "node:async_hooks";
import { localTableName } from "./components.mjs";
import { AFTER } from "./keys.mjs";

const MAX_DELAY = 2 ** 31 - 1;

/** A job's error as Convex records it: the function's error, without the HTTP API's request-id line. */
const recorded = (message) => message.replace(/^\[Request ID: \w+\] Server Error\n/, "");

export class JobTimers {
  /** @param {{ server: any, log: (msg: string) => void, resolve: (name: string, component?: string) => any }} deps */
  constructor({ server, log, resolve }) {
    this.server = server;
    this.log = log;
    this.resolve = resolve;
    this.timers = new Map();
    this.running = new Set();
    this.stopped = false;
    // Bound here, outside any function execution, so a job never inherits its scheduler's context.
    this.inCleanContext = AsyncResource.bind((fn) => fn());
  }

  add(jobId, scheduledTime) {
    if (this.stopped) return;
    this.inCleanContext(() => this.arm(jobId, scheduledTime));
  }

  cancel(jobId) {
    clearTimeout(this.timers.get(jobId));
    this.timers.delete(jobId);
  }

  arm(jobId, scheduledTime) {
    const delay = Math.min(Math.max(0, scheduledTime - Date.now()), MAX_DELAY);
    const timer = setTimeout(() => {
      this.timers.delete(jobId);
      if (this.stopped) return;
      if (scheduledTime > Date.now()) return this.arm(jobId, scheduledTime);
      const run = this.run(jobId).finally(() => this.running.delete(run));
      this.running.add(run);
    }, delay);
    timer.unref?.();
    this.timers.set(jobId, timer);
  }

  /** Moves a job document to a new state in its own transaction (if it is still in `from`). */
  async setState(jobId, from, state) {
    await this.server.runInMutation({ server: this.server, logs: [] }, (exec) => {
      const job = exec.tx.get(jobId);
      if (!job || !from.includes(job.state.kind)) return false;
      const done = state.kind !== "inProgress";
      exec.tx.write(jobId, this.server.db.tableOfId(jobId), { ...job, state, ...(done ? { completedTime: Date.now() } : {}) });
      return true;
    });
  }

  async run(jobId) {
    const job = this.server.readCommitted(jobId);
    if (!job || job.state.kind !== "pending") return;
    const component = job.component ?? "";
    const fn = this.resolve(job.name, component);
    try {
      if (!fn) return await this.setState(jobId, ["pending"], { kind: "failed", error: `Could not find function for '${job.name}'` });
      if (fn.isMutation) {
        let skipped = false;
        const table = this.server.db.tableOfId(jobId);
        const result = await this.server.call({
          path: job.name,
          component,
          args: job.args[0],
          internal: true,
          // As Convex does: the mutation sees its own job inProgress (a write no one else sees before commit) ...
          beforeRun: (exec) => {
            const current = exec.tx.get(jobId);
            if (!current || current.state.kind !== "pending") {
              skipped = true;
              throw new Error("job no longer pending");
            }
            exec.tx.write(jobId, table, { ...current, state: { kind: "inProgress" } });
          },
          // ... and commits "success" with its writes, unless it canceled itself meanwhile (then it stays canceled).
          beforeCommit: (exec) => {
            const current = exec.tx.get(jobId);
            if (current?.state.kind === "inProgress") exec.tx.write(jobId, table, { ...current, state: { kind: "success" }, completedTime: Date.now() });
          },
        });
        if (!result.ok && !skipped) await this.setState(jobId, ["pending"], { kind: "failed", error: recorded(result.message) });
        return;
      }
      await this.setState(jobId, ["pending"], { kind: "inProgress" });
      const result = await this.server.call({ path: job.name, component, args: job.args[0], internal: true });
      await this.setState(jobId, ["inProgress"], result.ok ? { kind: "success" } : { kind: "failed", error: recorded(result.message) });
    } catch (e) {
      this.log(`Scheduled function ${job.name} crashed: ${e?.stack ?? e}`);
    }
  }

  /** After a start: actions cut off by a crash failed; pending jobs are armed again. */
  async recover() {
    const { db } = this.server;
    const jobs = [];
    // The app's scheduler and every component's.
    for (const index of db.indexes.values()) {
      if (index.name !== "by_creation_time" || localTableName(index.table) !== "_scheduled_functions") continue;
      for (const { value: id } of db.scan(index.prefix, Buffer.concat([index.prefix, AFTER]), false)) {
        const job = db.getDoc(id);
        if (job?.state.kind === "pending" || job?.state.kind === "inProgress") jobs.push(job);
      }
    }
    for (const job of jobs) {
      if (job.state.kind === "inProgress") {
        // Convex's words for an action whose end was never recorded (actions run at most once).
        await this.setState(job._id, ["inProgress"], { kind: "failed", error: "Transient error while executing action" });
      } else {
        this.add(job._id, job.scheduledTime);
      }
    }
  }

  async stop() {
    this.stopped = true;
    for (const timer of this.timers.values()) clearTimeout(timer);
    this.timers.clear();
    await Promise.allSettled([...this.running]);
  }
}
