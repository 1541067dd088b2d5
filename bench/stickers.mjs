// Sticker batches on the local backend: how long the create call takes (it writes the first
// 200 codes; Convex allows a mutation 1 s), how long until scheduled mutations have made the
// whole batch, and reading a batch's codes for its sheet. Prints figures with the machine's
// load; asserts nothing.
//   node bench/stickers.mjs [--runs 3]
import { mkdtempSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { ConvexHttpClient } from "convex/browser";
import { startApp } from "../scripts/app-startup.mjs";
import { arg, machine, percentile } from "./support/backend.mjs";

const RUNS = Number(arg("runs", "3"));
const dataDir = mkdtempSync(path.join(os.tmpdir(), "tmt-bench-stickers-"));
const backend = await startApp({ dataDir, port: 0, sitePort: 0, log: () => {} });
try {
  const signIn = await new ConvexHttpClient(backend.url).action("auth:signIn", {
    provider: "password",
    params: { flow: "signIn", email: "business@example.com", password: "password123" },
  });
  const client = new ConvexHttpClient(backend.url, { logger: false });
  client.setAuth(signIn.tokens.token);
  console.log(machine());
  for (const count of [100, 500, 1000]) {
    const create = [];
    const complete = [];
    const read = [];
    for (let run = 0; run < RUNS; run += 1) {
      let started = performance.now();
      const batchId = await client.mutation("stickers:createBatch", { count });
      create.push(performance.now() - started);
      for (;;) {
        const before = performance.now();
        const sheet = await client.query("stickers:batchCodes", { batchId });
        if (sheet.codes.length === count) {
          complete.push(performance.now() - started);
          read.push(performance.now() - before);
          break;
        }
        await new Promise((resolve) => setTimeout(resolve, 20));
      }
    }
    const median = (xs) => percentile([...xs].sort((a, b) => a - b), 50).toFixed(0);
    console.log(
      `batch of ${String(count).padStart(4)}: create call median ${median(create)} ms (max ${Math.max(...create).toFixed(0)}), ` +
        `whole batch made ${median(complete)} ms, reading its codes ${median(read)} ms`,
    );
  }
} finally {
  await backend.stop();
  rmSync(dataDir, { recursive: true, force: true });
}
