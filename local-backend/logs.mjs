// Function console output: collected as the request's logLines (which the
// Convex client prints in the browser console) and echoed on the terminal,
// the way `npx convex dev` shows function logs.
import { format } from "node:util";
import { requestContext } from "./context.mjs";

const LEVELS = { log: "LOG", info: "INFO", warn: "WARN", error: "ERROR", debug: "DEBUG" };
let installed = false;

export function installLogCapture() {
  if (installed) return;
  installed = true;
  for (const [method, level] of Object.entries(LEVELS)) {
    const original = console[method].bind(console);
    console[method] = (...args) => {
      const request = requestContext.getStore();
      if (!request?.label) return original(...args);
      const line = `[${level}] ${format(...args)}`;
      request.logs?.push(line);
      original(`${request.label} ${line}`);
    };
  }
}
