// Convex deployments (and the local backend) run these hourly: the legacy sweep is a safety
// net behind each legacy plan's own self-rescheduling check (convex/lib/legacy/engine.ts);
// sent e-mails are forgotten by the Resend component (convex/outbound.ts); account
// erasures past their grace period are started if their own job did not run, and deleted
// workspaces' erasures that went quiet are resumed (convex/workspaceClosing.ts); tag idempotency
// keys past their window are deleted (convex/lib/assets/tagRequests.ts); warranties ending and
// services falling due are reminded, once each (convex/lib/upkeep/reminders.ts).
import { cronJobs } from "convex/server";
import { internal } from "./_generated/api";

const crons = cronJobs();

crons.interval("legacy release sweep", { hours: 1 }, internal.legacy.sweep, {});
crons.interval("erase deleted accounts", { hours: 1 }, internal.accountDeletion.sweep, {});
crons.interval("resume deleted workspaces' erasure", { hours: 1 }, internal.workspaceClosing.sweep, {});
crons.interval("forget sent e-mails", { hours: 1 }, internal.outbound.forgetSentEmails, {});
crons.interval("forget tag request keys", { hours: 1 }, internal.assets.forgetTagRequests, {});
crons.interval("warranty and service reminders", { hours: 1 }, internal.maintenance.remind, {});

export default crons;
