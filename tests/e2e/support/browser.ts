import { existsSync } from "node:fs";
import { chromium, type BrowserServer } from "playwright-core";

// Flags that keep Chromium off the (closed) network and quiet in CI.
const QUIET_FLAGS = [
  "--no-sandbox",
  "--disable-gpu",
  "--disable-quic",
  "--no-first-run",
  "--disable-background-networking",
  "--disable-component-update",
  "--disable-sync",
  "--disable-dev-shm-usage",
];

const SYSTEM_BROWSERS = [
  "/usr/bin/chromium",
  "/usr/bin/chromium-browser",
  "/usr/bin/google-chrome",
  "/usr/bin/google-chrome-stable",
];

/**
 * CHROME_PATH wins; then a system Chromium or Chrome; then the Chromium that
 * @sparticuz/chromium ships inside its npm package, so `npm ci && npm test`
 * needs no apt step and no browser download.
 */
async function findExecutable(): Promise<{ path: string; args: string[] }> {
  const fromEnv = process.env.CHROME_PATH;
  if (fromEnv && existsSync(fromEnv)) return { path: fromEnv, args: [] };
  const system = SYSTEM_BROWSERS.find((p) => existsSync(p));
  if (system) return { path: system, args: [] };
  const sparticuz = (await import("@sparticuz/chromium")).default;
  // Its Lambda flags include --single-process, where closing one browser context can
  // take the whole browser down; the tests open and close several contexts.
  const args = sparticuz.args.filter((arg) => arg !== "--single-process" && arg !== "--no-zygote");
  return { path: await sparticuz.executablePath(), args };
}

/**
 * One Chromium for the whole E2E run (started by global-setup.ts); each test file
 * connects to it with chromium.connect() and works in its own contexts.
 */
export async function launchBrowserServer(): Promise<BrowserServer> {
  const { path, args } = await findExecutable();
  return chromium.launchServer({
    executablePath: path,
    headless: true,
    args: [...new Set([...args, ...QUIET_FLAGS])],
  });
}
