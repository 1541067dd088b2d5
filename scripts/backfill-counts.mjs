// Brings the counts (convex/counts.ts) up to date on the local backend's data: starts the
// backend on LOCAL_BACKEND_DIR (or the default data directory) without serving the app,
// runs counts:backfill and waits until its pages are done. Idempotent; run it once after
// pulling the aggregates into data created before them (stop `npm run dev` first: the data
// directory is locked while a backend holds it).
import { startApp } from "./app-startup.mjs";

const backend = await startApp({ port: 0, sitePort: 0, seed: false, log: () => {} });
try {
  const started = await backend.run("counts:backfill", {});
  if (!started.ok) throw new Error(started.message);
  const began = Date.now();
  for (;;) {
    await new Promise((resolve) => setTimeout(resolve, 250));
    const running = await backend.run("counts:running", {});
    if (!running.ok) throw new Error(running.message);
    if (running.value === false) break;
  }
  console.log(`Counts backfilled in ${((Date.now() - began) / 1000).toFixed(1)} s`);
} finally {
  await backend.stop();
}
