// Shared by the benchmarks that run the app itself: its convex/ on a fresh local backend in
// this process, with the demo data seeded.
import { ConvexHttpClient } from "convex/browser";
import { mkdtempSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { startApp } from "../../scripts/app-startup.mjs";
import { REPO } from "./backend.mjs";

/**
 * Starts the app on a new temp data dir (named `prefix…`); on a loaded machine the first
 * start's demo seed can meet the 1 s function limit, so it is run again until it succeeds.
 */
export async function startSeededApp(prefix, log = () => {}) {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), prefix));
  const backend = await startApp({ dataDir, port: 0, sitePort: 0, convexDir: path.join(REPO, "convex"), log });
  for (let attempt = 1; !backend.seeded?.ok; attempt++) {
    if (attempt > 10) throw new Error(`seed:run failed: ${backend.seeded?.message}`);
    backend.seeded = await backend.run("seed:run", {});
  }
  return { backend, dataDir };
}

/** An HTTP client signed in as a demo account (every demo account's password is the seed's), and its token. */
export async function signedInHttp(url, email, password = "password123") {
  const http = new ConvexHttpClient(url, { logger: false });
  const signedIn = await http.action("auth:signIn", { provider: "password", params: { flow: "signIn", email, password } });
  http.setAuth(signedIn.tokens.token);
  return { http, token: signedIn.tokens.token };
}
