import { defineApp } from "convex/server";
import tally from "./tally/convex.config";

const app = defineApp();
app.use(tally);
export default app;
