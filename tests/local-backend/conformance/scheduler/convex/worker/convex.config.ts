// A component with its own scheduler and file storage.
import { defineComponent } from "convex/server";

export default defineComponent("worker");
