// The Convex components this app mounts (https://docs.convex.dev/components).
// Each keeps its own tables; the app reaches them through `components.<name>`.
import { defineApp } from "convex/server";
import rateLimiter from "@convex-dev/rate-limiter/convex.config";
import aggregate from "@convex-dev/aggregate/convex.config";
import { AGGREGATE_NAMES } from "./lib/counts/names";

const app = defineApp();
app.use(rateLimiter);
// One aggregate per count the app shows (lib/counts/aggregates.ts says what each follows).
for (const name of AGGREGATE_NAMES) app.use(aggregate, { name });

export default app;
