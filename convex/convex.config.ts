// The Convex components this app mounts (https://docs.convex.dev/components).
// Each keeps its own tables; the app reaches them through `components.<name>`.
import { defineApp } from "convex/server";
import rateLimiter from "@convex-dev/rate-limiter/convex.config";
import workpool from "@convex-dev/workpool/convex.config";

const app = defineApp();
app.use(rateLimiter);
// The CSV import's batches: queued, retried, cancellable, with a completion callback.
app.use(workpool, { name: "importPool" });

export default app;
