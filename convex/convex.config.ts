// The Convex components this app mounts (https://docs.convex.dev/components).
// Each keeps its own tables; the app reaches them through `components.<name>`.
import { defineApp } from "convex/server";
import migrations from "@convex-dev/migrations/convex.config";
import rateLimiter from "@convex-dev/rate-limiter/convex.config";
import resend from "@convex-dev/resend/convex.config";
import twilio from "@convex-dev/twilio/convex.config";
import workpool from "@convex-dev/workpool/convex.config";
import presence from "@convex-dev/presence/convex.config";
import aggregate from "@convex-dev/aggregate/convex.config";
import shardedCounter from "@convex-dev/sharded-counter/convex.config";
import { AGGREGATE_NAMES } from "./lib/counts/names";

const app = defineApp();
// Every rate limit (lib/limits.ts).
app.use(rateLimiter);
// Outbound e-mail and SMS when the deployment has the providers' keys (lib/outbound.ts).
app.use(resend);
app.use(twilio);
app.use(workpool, { name: "smsWorkpool" });
// The CSV import's batches: queued, retried, cancellable, with a completion callback.
app.use(workpool, { name: "importPool" });
// Schema changes over existing data (convex/migrations.ts).
app.use(migrations);
// One aggregate per count the app shows (lib/counts/aggregates.ts says what each follows).
for (const name of AGGREGATE_NAMES) app.use(aggregate, { name });
// Asset counts: counters, so a batch of writes is one addition (lib/counts/assetCounts.ts).
app.use(shardedCounter, { name: "assetCounts" });
// Who else is on a page of a workspace (convex/presence.ts).
app.use(presence);

export default app;
