// Runs once per E2E run, before the first test file: the expensive work every file
// used to repeat (a Vite dev server, a Chromium launch, seeding) is done here and shared.
//
// - The app is built once (`vite build`, production mode: the build `npm run build` makes)
//   and served statically by `vite preview`, twice: as built (with its Content-Security-Policy
//   <meta>, for the CSP test) and with that one tag removed for every other test file, which inject
//   scripts (axe-core through addScriptTag) and ran under `vite dev`, which has no policy.
// - VITE_CONVEX_URL / VITE_CONVEX_SITE_URL are baked into a build, so the build names two
//   fixed loopback ports; each test file starts its own fresh backend on them (files run
//   one at a time: `fileParallelism: false`) and stops it in its afterAll.
// - The demo data is seeded once into a template data directory; each file's backend starts
//   on a fresh copy of it, so every file still sees exactly the freshly seeded state.
// - One Chromium runs as a server; each file connects to it and uses its own contexts.
// - The template also holds a few sessions per demo account, signed in through Convex Auth
//   once per run (each a password check: Scrypt, the slow part of signing in); a file's
//   `resumeSession` (app.ts) hands them out instead of signing in through /auth every time.
import { execFile } from "node:child_process";
import { cpSync, existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { createServer } from "node:net";
import { tmpdir } from "node:os";
import path from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";
import { promisify } from "node:util";
import type { BrowserServer } from "playwright-core";
import { preview, type PreviewServer } from "vite";
import type { TestProject } from "vitest/node";
import { buildApp } from "../../../bench/bundle-size.mjs";
import { DEMO_PASSWORD } from "./app";
import { launchBrowserServer } from "./browser";

const REPO_ROOT = fileURLToPath(new URL("../../../", import.meta.url));

/** What every test file gets through `inject("e2e")`. */
export interface E2eShared {
  /** Origin of the static app without its CSP <meta> (also each backend's SITE_URL). */
  appUrl: string;
  /** Origin of the same build exactly as built, Content-Security-Policy included. */
  cspAppUrl: string;
  /** The API and HTTP-actions ports the build names; each file's backend listens on them. */
  convexPort: number;
  sitePort: number;
  /** Playwright endpoint of the shared Chromium (chromium.connect). */
  browserWsEndpoint: string;
  /** A data directory holding the freshly seeded demo data, to copy per file. */
  seedDir: string;
  /** The build appUrl serves (its .vite/manifest.json maps source modules to chunks). */
  appDir: string;
  /** Sessions in the seed template, per demo account: each file's copy has every one of them, unused. */
  sessions: Record<string, SessionTokens[]>;
}

/** What Convex Auth's signIn returns and its React client keeps in localStorage. */
export interface SessionTokens {
  token: string;
  refreshToken: string;
}

/**
 * Sessions made per demo account (convex/seed.ts, password123): enough that no file signs one
 * account in through /auth twice (a file past its count falls back to /auth).
 */
const SESSIONS_PER_ACCOUNT: Record<string, number> = {
  "member@example.com": 8,
  "business@example.com": 6,
  "admin@example.com": 4,
  "moderator@example.com": 3,
  "admin-influencer@example.com": 2,
};

declare module "vitest" {
  export interface ProvidedContext {
    e2e: E2eShared;
  }
}

function isFree(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const server = createServer();
    server.once("error", () => resolve(false));
    server.listen(port, "127.0.0.1", () => server.close(() => resolve(true)));
  });
}

/**
 * A port free right now, below the OS's ephemeral range (Linux 32768+, macOS 49152+): the
 * backend's port is unbound between two files, and there no outgoing connection can take it.
 */
async function fixedPort(taken: number[]): Promise<number> {
  for (let attempt = 0; attempt < 200; attempt++) {
    const port = 20_000 + Math.floor(Math.random() * 12_000);
    if (!taken.includes(port) && (await isFree(port))) return port;
  }
  throw new Error("No free port in 20000-31999");
}

/**
 * Seeds the demo data into `dataDir` in a child process (the backend sets process.env and patches
 * console), on the ports the build names (so the sessions' tokens name the issuer every file's
 * backend has), and signs the demo accounts in there; returns their sessions.
 */
async function seedTemplate(dataDir: string, convexPort: number, sitePort: number): Promise<Record<string, SessionTokens[]>> {
  const script = `
    const { startApp } = await import(${JSON.stringify(pathToFileURL(path.join(REPO_ROOT, "scripts/app-startup.mjs")).href)});
    const { ConvexHttpClient } = await import("convex/browser");
    const backend = await startApp({ dataDir: ${JSON.stringify(dataDir)}, port: ${convexPort}, sitePort: ${sitePort},
      convexDir: ${JSON.stringify(path.join(REPO_ROOT, "convex"))}, log: () => {} });
    if (!backend.seeded?.ok) { console.error("seed:run failed: " + (backend.seeded?.message ?? "not run")); process.exit(1); }
    const sessions = {};
    for (const [email, count] of Object.entries(${JSON.stringify(SESSIONS_PER_ACCOUNT)})) {
      sessions[email] = [];
      for (let i = 0; i < count; i++) {
        const { tokens } = await new ConvexHttpClient(backend.url, { logger: false }).action("auth:signIn", {
          provider: "password", params: { flow: "signIn", email, password: ${JSON.stringify(DEMO_PASSWORD)} },
        });
        if (!tokens) { console.error("no session for " + email); process.exit(1); }
        sessions[email].push(tokens);
      }
    }
    await backend.stop();
    process.stdout.write(JSON.stringify(sessions));
  `;
  const { stdout } = await promisify(execFile)(process.execPath, ["--input-type=module", "-e", script], { cwd: REPO_ROOT, maxBuffer: 64 << 20 });
  // Each backend bundles convex/ into its own data dir anyway; don't copy this one around.
  rmSync(path.join(dataDir, "build"), { recursive: true, force: true });
  if (!existsSync(path.join(dataDir, "env.json"))) throw new Error(`seeding wrote no env.json in ${dataDir}`);
  return JSON.parse(stdout) as Record<string, SessionTokens[]>;
}

const CSP_META = /<meta http-equiv="Content-Security-Policy"[^>]*>\s*/;

/** A copy of the build whose index.html has no CSP <meta> (the only difference). */
function withoutPolicy(distDir: string, outDir: string): void {
  cpSync(distDir, outDir, { recursive: true });
  const file = path.join(outDir, "index.html");
  const html = readFileSync(file, "utf8");
  if (!CSP_META.test(html)) throw new Error("The build's index.html has no Content-Security-Policy <meta>");
  writeFileSync(file, html.replace(CSP_META, ""));
}

/** `vite preview` serves a build with the SPA fallback to index.html that client routes need. */
async function serve(outDir: string): Promise<{ server: PreviewServer; url: string }> {
  const server = await preview({
    root: REPO_ROOT,
    configFile: path.join(REPO_ROOT, "vite.config.ts"),
    logLevel: "error",
    build: { outDir },
    preview: { host: "127.0.0.1", port: 0, strictPort: false },
  });
  const url = server.resolvedUrls?.local[0]?.replace(/\/$/, "");
  if (!url) throw new Error("vite preview has no URL");
  return { server, url };
}

interface Places {
  convexPort: number;
  sitePort: number;
  distDir: string;
  openDir: string;
  seedDir: string;
}

/** The build pointed at the fixed backend ports (buildApp reads VITE_* from process.env, as Vite does). */
async function buildFor({ convexPort, sitePort, distDir }: Places): Promise<void> {
  const saved = { url: process.env.VITE_CONVEX_URL, site: process.env.VITE_CONVEX_SITE_URL };
  process.env.VITE_CONVEX_URL = `http://127.0.0.1:${convexPort}`;
  process.env.VITE_CONVEX_SITE_URL = `http://127.0.0.1:${sitePort}`;
  try {
    await buildApp(distDir);
  } finally {
    restore("VITE_CONVEX_URL", saved.url);
    restore("VITE_CONVEX_SITE_URL", saved.site);
  }
}

/** Both builds and the seed template, from the current source (again before each watch-mode rerun); returns its sessions. */
async function prepare(places: Places): Promise<Record<string, SessionTokens[]>> {
  for (const dir of [places.openDir, places.seedDir]) rmSync(dir, { recursive: true, force: true });
  const [built, seeded] = await Promise.allSettled([
    buildFor(places).then(() => withoutPolicy(places.distDir, places.openDir)),
    seedTemplate(places.seedDir, places.convexPort, places.sitePort),
  ]);
  if (built.status === "rejected") throw built.reason;
  if (seeded.status === "rejected") throw seeded.reason;
  return seeded.value;
}

export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  const work = mkdtempSync(path.join(tmpdir(), "tmt-e2e-shared-"));
  let browserServer: BrowserServer | undefined;
  let browserReady: Promise<unknown> = Promise.resolve();
  const servers: PreviewServer[] = [];
  const teardown = async () => {
    // A launch still under way when setup failed must not outlive it.
    await browserReady.catch(() => {});
    for (const server of servers) await server.close().catch(() => {});
    await browserServer?.close().catch(() => {});
    rmSync(work, { recursive: true, force: true });
  };
  try {
    const convexPort = await fixedPort([]);
    const places: Places = {
      convexPort,
      sitePort: await fixedPort([convexPort]),
      distDir: path.join(work, "dist"),
      openDir: path.join(work, "dist-no-csp"),
      seedDir: path.join(work, "seed"),
    };
    const launched = launchBrowserServer().then((b) => (browserServer = b));
    browserReady = launched;
    const sessions = await prepare(places);
    const app = await serve(places.openDir);
    servers.push(app.server);
    const cspApp = await serve(places.distDir);
    servers.push(cspApp.server);
    const browser = await launched;
    project.provide("e2e", {
      appUrl: app.url,
      cspAppUrl: cspApp.url,
      convexPort,
      sitePort: places.sitePort,
      browserWsEndpoint: browser.wsEndpoint(),
      seedDir: places.seedDir,
      appDir: places.openDir,
      sessions,
    });
    // Watch mode: the servers read from disk, so a rebuild is all an edit needs (and the new
    // template's sessions).
    project.onTestsRerun(async () => {
      project.provide("e2e", { ...project.getProvidedContext().e2e, sessions: await prepare(places) });
    });
    return teardown;
  } catch (error) {
    await teardown();
    throw error;
  }
}

function restore(name: string, value: string | undefined) {
  if (value === undefined) delete process.env[name];
  else process.env[name] = value;
}
