// One disposable app per test file: a fresh local backend (seeded demo accounts)
// in a temp data dir, Vite serving src/ against it, and a headless Chromium.
import { mkdtempSync, rmSync } from "node:fs";
import { createServer as createNetServer } from "node:net";
import { tmpdir } from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import type { Browser } from "playwright-core";
import { createServer, type ViteDevServer } from "vite";
import { startBackend, type Backend } from "../../../local-backend/index.mjs";
import { launchBrowser } from "./browser";

export const REPO_ROOT = fileURLToPath(new URL("../../../", import.meta.url));

export interface Stack {
  /** The web app's origin, e.g. http://127.0.0.1:41234 (also the backend's SITE_URL). */
  appUrl: string;
  backend: Backend;
  vite: ViteDevServer;
  browser: Browser;
  stop(): Promise<void>;
}

/** A port the OS says is free right now (Vite needs it before it starts: SITE_URL names it). */
function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createNetServer();
    server.unref();
    server.once("error", reject);
    server.listen(0, "127.0.0.1", () => {
      const address = server.address();
      const port = typeof address === "object" && address ? address.port : 0;
      server.close(() => resolve(port));
    });
  });
}

async function startVite(port: number, backend: Backend): Promise<ViteDevServer> {
  // Vite copies VITE_* from process.env into import.meta.env when the server is created.
  process.env.VITE_CONVEX_URL = backend.url;
  process.env.VITE_CONVEX_SITE_URL = backend.siteUrl;
  const vite = await createServer({
    root: REPO_ROOT,
    configFile: path.join(REPO_ROOT, "vite.config.ts"),
    logLevel: "error",
    clearScreen: false,
    // Its own cache, so a concurrent `npm run dev` never re-optimizes under the tests.
    cacheDir: path.join(REPO_ROOT, "node_modules/.vite-e2e"),
    server: {
      host: "127.0.0.1",
      port,
      strictPort: true,
      // Edits made elsewhere in the tree while tests run must not reload the pages under test.
      watch: null,
      warmup: { clientFiles: ["./src/main.tsx", "./src/app/*.tsx", "./src/features/auth/*.tsx"] },
    },
    // Crawl every source file up front: a dependency discovered later (a lazy route)
    // would re-optimize and force a full page reload in the middle of a test.
    optimizeDeps: { entries: ["index.html", "src/**/*.{ts,tsx}"] },
  });
  await vite.listen();
  return vite;
}

export async function startStack(): Promise<Stack> {
  const dataDir = mkdtempSync(path.join(tmpdir(), "tmt-e2e-"));
  let backend: Backend | null = null;
  let vite: ViteDevServer | null = null;
  let browser: Browser | null = null;
  const stop = async () => {
    await browser?.close().catch(() => {});
    await vite?.close().catch(() => {});
    await backend?.stop().catch(() => {});
    rmSync(dataDir, { recursive: true, force: true });
  };
  try {
    const browserReady = launchBrowser();
    browserReady.catch(() => {});
    // The port could be taken between the probe and Vite's listen; then try another.
    for (let attempt = 1; ; attempt++) {
      const port = await freePort();
      const appUrl = `http://127.0.0.1:${port}`;
      backend = await startBackend({
        dataDir,
        port: 0,
        sitePort: 0,
        convexDir: path.join(REPO_ROOT, "convex"),
        siteUrl: appUrl,
        log: () => {},
      });
      if (!backend.seeded?.ok) throw new Error(`seed:run failed: ${backend.seeded?.message ?? "not run"}`);
      try {
        vite = await startVite(port, backend);
      } catch (error) {
        await backend.stop();
        rmSync(dataDir, { recursive: true, force: true });
        backend = null;
        if (attempt >= 3) throw error;
        continue;
      }
      browser = await browserReady;
      await warmUp(browser, appUrl);
      return { appUrl, backend, vite, browser, stop };
    }
  } catch (error) {
    await stop();
    throw error;
  }
}

/** First load on a cold Vite: optimize deps and transform the app once, outside any test's clock. */
async function warmUp(browser: Browser, appUrl: string): Promise<void> {
  const context = await browser.newContext();
  try {
    const page = await context.newPage();
    await page.goto(`${appUrl}/auth`, { timeout: 120_000 });
    await page.getByRole("form", { name: "Sign in" }).waitFor({ timeout: 120_000 });
  } finally {
    await context.close();
  }
}
