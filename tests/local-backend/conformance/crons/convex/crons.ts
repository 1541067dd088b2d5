import { anyApi, cronJobs } from "convex/server";

const crons = cronJobs();
crons.interval("every second", { seconds: 1 }, anyApi.ticks.tick, {});
crons.daily("nightly", { hourUTC: 3, minuteUTC: 15 }, anyApi.ticks.tick, {});
crons.cron("weekday mornings", "7 9 * * 1-5", anyApi.ticks.tick, {});
export default crons;
