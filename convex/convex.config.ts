// The Convex components this app mounts (https://docs.convex.dev/components).
// Each keeps its own tables; the app reaches them through `components.<name>`.
import { defineApp } from "convex/server";
import migrations from "@convex-dev/migrations/convex.config";
import rateLimiter from "@convex-dev/rate-limiter/convex.config";

const app = defineApp();
app.use(rateLimiter);
app.use(migrations);

export default app;
