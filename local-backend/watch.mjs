// Reloads functions when convex/ changes (keeping data), and keeps
// convex/_generated in step with `npx convex codegen` like `npx convex dev`.
import { watch } from "node:fs";
import path from "node:path";
import { codegen as generate } from "./codegen.mjs";

const DEBOUNCE_MS = 250;

/**
 * @param {{ convexDir: string, codegen: boolean, reload: () => Promise<void>, log: (m: string) => void }} opts
 * @returns {() => void} stops watching
 */
export function watchConvex({ convexDir, codegen, reload, log }) {
  let timer = null;
  let reloading = Promise.resolve();
  let codegenRunning = false;
  let codegenAgain = false;

  const runCodegen = () => {
    if (codegenRunning) {
      codegenAgain = true;
      return;
    }
    codegenRunning = true;
    generate(convexDir)
      .catch((e) => log(e.message))
      .finally(() => {
        codegenRunning = false;
        if (codegenAgain) {
          codegenAgain = false;
          runCodegen();
        }
      });
  };

  const onChange = () => {
    reloading = reloading.then(async () => {
      const started = Date.now();
      try {
        await reload();
        log(`Reloaded convex/ functions in ${Date.now() - started} ms`);
      } catch (e) {
        log(`Could not load convex/ (keeping the previous functions):\n${e?.message ?? e}`);
      }
    });
    if (codegen) runCodegen();
  };

  const watcher = watch(convexDir, { recursive: true }, (_event, filename) => {
    const name = String(filename ?? "");
    if (name.startsWith("_generated") || name.includes(`${path.sep}.`) || name.startsWith(".")) return;
    clearTimeout(timer);
    timer = setTimeout(onChange, DEBOUNCE_MS);
  });
  return () => {
    clearTimeout(timer);
    watcher.close();
  };
}
