// convex/crons.ts on real timers. Each job's schedule, previous and next run
// live in the `_cron_jobs` system table, so a restart keeps the schedule (one
// missed run is made up, not every missed one). A cron mutation commits its
// writes and its advanced schedule in one transaction: it runs once per tick.
// Schedule forms: interval, hourly, daily, weekly, monthly and cron
// (convex/server cron.js); times are UTC, as on Convex.
import { AsyncResource } from "node:async_hooks";
import { Cron } from "croner";
import { jsonToConvex } from "convex/values";
import { AFTER } from "./keys.mjs";

const DAYS = ["sunday", "monday", "tuesday", "wednesday", "thursday", "friday", "saturday"];
const MAX_DELAY = 2 ** 31 - 1;

/** The cron expression of a calendar schedule (minute hour day-of-month month day-of-week). */
function cronExpression(s) {
  const m = s.minuteUTC ?? 0;
  switch (s.type) {
    case "cron":
      return s.cron;
    case "hourly":
      return `${m} * * * *`;
    case "daily":
      return `${m} ${s.hourUTC} * * *`;
    case "weekly":
      return `${m} ${s.hourUTC} * * ${DAYS.indexOf(String(s.dayOfWeek).toLowerCase())}`;
    case "monthly":
      return `${m} ${s.hourUTC} ${s.day} * *`;
    default:
      throw new Error(`Unknown cron schedule ${JSON.stringify(s)}`);
  }
}

/** The first run time after `after` (ms). */
function nextRun(schedule, after) {
  if (schedule.type === "interval") {
    const ms = ((schedule.seconds ?? 0) + (schedule.minutes ?? 0) * 60 + (schedule.hours ?? 0) * 3600) * 1000;
    return after + ms;
  }
  const next = new Cron(cronExpression(schedule), { timezone: "UTC", paused: true }).nextRun(new Date(after));
  return next ? next.getTime() : Infinity;
}

export class CronRunner {
  /** @param {{ server: any, log: (m: string) => void, resolve: (name: string) => any }} deps */
  constructor({ server, log, resolve }) {
    this.server = server;
    this.log = log;
    this.resolve = resolve;
    this.timers = new Map();
    this.running = new Set();
    this.stopped = false;
    this.inCleanContext = AsyncResource.bind((fn) => fn());
  }

  /** Makes `_cron_jobs` match convex/crons.ts and arms every job. */
  async load(crons) {
    this.clearTimers();
    const specs = crons ? JSON.parse(crons.export()) : {};
    const { db } = this.server;
    db.tableNumber("_cron_jobs");
    const index = db.indexes.get("_cron_jobs.by_creation_time");
    const stored = new Map();
    for (const { value: id } of db.scan(index.prefix, Buffer.concat([index.prefix, AFTER]), false)) {
      const doc = db.getDoc(id);
      if (doc) stored.set(doc.name, doc);
    }
    const now = Date.now();
    const ids = await this.server.runInMutation({ server: this.server, logs: [] }, (exec) => {
      const out = [];
      for (const [name, doc] of stored) if (!(name in specs)) exec.tx.write(doc._id, "_cron_jobs", null);
      for (const [name, spec] of Object.entries(specs)) {
        const cronSpec = { udfPath: spec.name, udfArgs: JSON.stringify(spec.args), cronSchedule: spec.schedule };
        const old = stored.get(name);
        if (old && JSON.stringify(old.cronSpec) === JSON.stringify(cronSpec)) {
          out.push(old._id);
          continue;
        }
        const doc = { name, cronSpec, nextTs: nextRun(spec.schedule, now), prevTs: old?.prevTs ?? null };
        if (old) {
          exec.tx.write(old._id, "_cron_jobs", { ...old, ...doc });
          out.push(old._id);
        } else {
          out.push(this.server.insertSystem(exec, "_cron_jobs", doc));
        }
      }
      return out;
    });
    for (const id of ids) this.arm(id);
  }

  arm(id) {
    if (this.stopped) return;
    this.inCleanContext(() => {
      const job = this.server.readCommitted(id);
      if (!job) return;
      const delay = Math.min(Math.max(0, job.nextTs - Date.now()), MAX_DELAY);
      const timer = setTimeout(() => {
        this.timers.delete(id);
        if (this.stopped) return;
        if (job.nextTs > Date.now()) return this.arm(id);
        const run = this.run(id).finally(() => this.running.delete(run));
        this.running.add(run);
      }, delay);
      timer.unref?.();
      this.timers.set(id, timer);
    });
  }

  /** Advances a job's schedule inside `tx`; false when it is not due (already run, or removed). */
  advance(tx, id, dueTs) {
    const job = tx.get(id);
    if (!job || job.nextTs !== dueTs) return false;
    const now = Date.now();
    tx.write(id, "_cron_jobs", { ...job, prevTs: now, nextTs: nextRun(job.cronSpec.cronSchedule, Math.max(now, dueTs)) });
    return true;
  }

  async run(id) {
    const job = this.server.readCommitted(id);
    if (!job) return;
    const { udfPath, udfArgs } = job.cronSpec;
    const args = jsonToConvex(JSON.parse(udfArgs))[0] ?? {};
    const fn = this.resolve(udfPath);
    try {
      if (fn?.isMutation) {
        const result = await this.server.call({
          path: udfPath,
          args,
          internal: true,
          beforeCommit: (exec) => {
            if (!this.advance(exec.tx, id, job.nextTs)) throw new Error("cron job already ran");
          },
        });
        if (!result.ok) {
          this.log(`Cron job ${job.name} (${udfPath}) failed: ${result.message}`);
          await this.server.runInMutation({ server: this.server, logs: [] }, (exec) => this.advance(exec.tx, id, job.nextTs));
        }
      } else {
        const due = await this.server.runInMutation({ server: this.server, logs: [] }, (exec) => this.advance(exec.tx, id, job.nextTs));
        if (due) {
          const result = fn ? await this.server.call({ path: udfPath, args, internal: true }) : { ok: false, message: `Could not find function for '${udfPath}'` };
          if (!result.ok) this.log(`Cron job ${job.name} (${udfPath}) failed: ${result.message}`);
        }
      }
    } catch (e) {
      this.log(`Cron job ${job.name} crashed: ${e?.stack ?? e}`);
    }
    this.arm(id);
  }

  clearTimers() {
    for (const timer of this.timers.values()) clearTimeout(timer);
    this.timers.clear();
  }

  async stop() {
    this.stopped = true;
    this.clearTimers();
    await Promise.allSettled([...this.running]);
  }
}
