import { anyApi, cronJobs } from "convex/server";

// A cron, so loading the crons at start commits (and yields) after the scheduled jobs are armed.
const crons = cronJobs();
crons.daily("nightly", { hourUTC: 3, minuteUTC: 15 }, anyApi.jobs.record, { label: "cron" });
export default crons;
