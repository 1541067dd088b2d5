import { defineApp } from "convex/server";
import worker from "./worker/convex.config";

const app = defineApp();
app.use(worker);
export default app;
