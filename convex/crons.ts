// Convex deployments (and the local backend) run this hourly sweep as a safety
// net behind each legacy plan's own self-rescheduling check (convex/lib/legacy/engine.ts).
import { cronJobs } from "convex/server";
import { internal } from "./_generated/api";

const crons = cronJobs();

crons.interval("legacy release sweep", { hours: 1 }, internal.legacy.sweep, {});

export default crons;
