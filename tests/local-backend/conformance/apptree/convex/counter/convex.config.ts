// A component defined in the app's own tree (TypeScript, no npm package).
import { defineComponent } from "convex/server";

export default defineComponent("counter");
