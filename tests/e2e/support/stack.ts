// One disposable app per test file: a fresh local backend in a temp data dir (a copy of
// the freshly seeded demo data), the app build, and a connection to Chromium. The build,
// the static server, the browser and the seed template are made once per run by
// global-setup.ts; what a file changes lives only in its own backend and browser contexts.
import { cpSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { chromium, type Browser, type BrowserContext, type Page } from "playwright-core";
import { afterAll, beforeAll, inject } from "vitest";
import type { Backend } from "../../../local-backend/index.mjs";
import { startApp } from "../../../scripts/app-startup.mjs";
import { newContext, newPage, resumeSession } from "./app";

export const REPO_ROOT = fileURLToPath(new URL("../../../", import.meta.url));

export interface Stack {
  /** The web app's origin, e.g. http://127.0.0.1:41234 (also the backend's SITE_URL). */
  appUrl: string;
  backend: Backend;
  /** This file's connection to the shared Chromium; close() disconnects and closes its contexts. */
  browser: Browser;
  stop(): Promise<void>;
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * The backend on the ports the build names. The previous file's backend has closed them in
 * its afterAll; should the OS still report one in use, wait briefly and retry.
 */
async function startBackendOnSharedPorts(dataDir: string, appUrl: string): Promise<Backend> {
  const { convexPort, sitePort } = inject("e2e");
  const deadline = Date.now() + 15_000;
  for (;;) {
    try {
      return await startApp({
        dataDir,
        port: convexPort,
        sitePort,
        convexDir: path.join(REPO_ROOT, "convex"),
        siteUrl: appUrl,
        log: () => {},
      });
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== "EADDRINUSE") throw error;
      if (Date.now() > deadline) {
        throw new Error(`Ports ${convexPort}/${sitePort}, baked into the E2E build, stay in use by another process`, { cause: error });
      }
      await sleep(200);
    }
  }
}

export async function startStack(): Promise<Stack> {
  const { appUrl, seedDir, browserWsEndpoint } = inject("e2e");
  const dataDir = mkdtempSync(path.join(tmpdir(), "tmt-e2e-"));
  let backend: Backend | null = null;
  let browser: Browser | null = null;
  const stop = async () => {
    await browser?.close().catch(() => {});
    await backend?.stop().catch(() => {});
    rmSync(dataDir, { recursive: true, force: true });
  };
  const browserReady = chromium.connect(browserWsEndpoint, { timeout: 60_000 });
  browserReady.catch(() => {});
  try {
    cpSync(seedDir, dataDir, { recursive: true });
    backend = await startBackendOnSharedPorts(dataDir, appUrl);
    browser = await browserReady;
    return { appUrl, backend, browser, stop };
  } catch (error) {
    browser = await browserReady.catch(() => null);
    await stop();
    throw error;
  }
}

type Viewport = { width: number; height: number };

/** A test file's stack (see fileStack), usable in its tests and hooks. */
export interface FileStack extends Omit<Stack, "stop"> {
  /** A new browser context on the app (closed after the file's tests). */
  context(viewport?: Viewport): Promise<BrowserContext>;
  /** A page in a new context, signed in as `email` when given (a session of its own, see resumeSession). */
  open(email?: string, viewport?: Viewport): Promise<Page>;
}

/**
 * The stack of the calling test file: started in its beforeAll, stopped in its afterAll with
 * every context `context` and `open` made. Call once, at the top of the file.
 */
export function fileStack(): FileStack {
  let started: Stack | undefined;
  const contexts: BrowserContext[] = [];
  beforeAll(async () => {
    started = await startStack();
  });
  afterAll(async () => {
    for (const context of contexts) await context.close().catch(() => {});
    await started?.stop();
  });
  const get = (): Stack => {
    if (started === undefined) throw new Error("The file's stack starts in beforeAll: use it in tests and hooks");
    return started;
  };
  const context = async (viewport?: Viewport) => {
    const created = await newContext(get().browser, get().appUrl, viewport);
    contexts.push(created);
    return created;
  };
  return {
    get appUrl() {
      return get().appUrl;
    },
    get backend() {
      return get().backend;
    },
    get browser() {
      return get().browser;
    },
    context,
    async open(email, viewport) {
      const page = await newPage(await context(viewport));
      if (email !== undefined) await resumeSession(page, email);
      return page;
    },
  };
}
