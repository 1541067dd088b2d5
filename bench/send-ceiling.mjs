// Send ceiling under load: N phone-code requests at once, each to its own number, against a
// local backend hosting the project's convex/ (no Twilio keys: codes go to the dev outbox).
// Every request takes one from the deployment-wide SMS ceiling, which used to be one counter
// document (every send conflicting with every other) and is now the rate-limiter component's
// sharded budget. Prints requests answered, errors (OCC failures must be 0), wall time and
// latency p50/p95/max. --convex <dir> measures another checkout's convex/ (before/after);
// --root <tree> another checkout's backend.
// Usage: node bench/send-ceiling.mjs [--requests 100] [--convex ../old/convex]
import { mkdtempSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { ConvexHttpClient } from "convex/browser";
import { arg, machine, percentile, REPO, spawnBackend, stopBackend } from "./support/backend.mjs";

const REQUESTS = Number(arg("requests", 100));
const CONVEX_DIR = path.resolve(arg("convex", path.join(REPO, "convex")));

const dataDir = mkdtempSync(path.join(os.tmpdir(), "bench-send-"));
const { child, url } = await spawnBackend(dataDir, { convexDir: CONVEX_DIR });
try {
  const latencies = [];
  const failures = new Map();
  const started = performance.now();
  await Promise.all(
    Array.from({ length: REQUESTS }, async (_, i) => {
      const phone = `+4479${String(20_000_000 + i)}`;
      const t0 = performance.now();
      try {
        await new ConvexHttpClient(url, { logger: false }).action("auth:signIn", { provider: "phone", params: { phone } });
        latencies.push(performance.now() - t0);
      } catch (error) {
        const reason = /OptimisticConcurrencyControlFailure/.test(String(error)) ? "OCC failure" : (error?.data?.code ?? String(error).slice(0, 80));
        failures.set(reason, (failures.get(reason) ?? 0) + 1);
      }
    }),
  );
  const wall = performance.now() - started;
  latencies.sort((a, b) => a - b);
  const ms = (x) => `${Math.round(x)} ms`;
  console.log(machine());
  console.log(`convex/: ${CONVEX_DIR === path.join(REPO, "convex") ? "this checkout" : CONVEX_DIR}`);
  console.log(`${REQUESTS} code requests at once: ${latencies.length} answered, ${REQUESTS - latencies.length} failed${failures.size ? ` (${[...failures].map(([k, n]) => `${n} ${k}`).join(", ")})` : ""}`);
  console.log(`wall ${ms(wall)}; latency p50 ${ms(percentile(latencies, 50))}, p95 ${ms(percentile(latencies, 95))}, max ${ms(latencies.at(-1) ?? 0)}`);
} finally {
  await stopBackend(child);
  rmSync(dataDir, { recursive: true, force: true });
}
