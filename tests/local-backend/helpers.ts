import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { importPKCS8, SignJWT } from "jose";
import { afterAll, beforeAll } from "vitest";
import { ConvexClient, ConvexHttpClient } from "convex/browser";
import WebSocket from "ws";
import type { Backend, StartBackendOptions } from "../../local-backend/index.mjs";
import { startApp, type AppBackend } from "../../scripts/app-startup.mjs";

export const FIXTURE = fileURLToPath(new URL("./fixture/convex", import.meta.url));

export function tempDir(prefix = "lb-test-") {
  return mkdtempSync(path.join(tmpdir(), prefix));
}

export function removeDir(dir: string) {
  rmSync(dir, { recursive: true, force: true });
}

/** The backend with the app's start-up work (seed data, migrations), as `npm run dev` starts it. */
export function start(options: StartBackendOptions & { seed?: boolean } = {}): Promise<AppBackend> {
  return startApp({ port: 0, sitePort: 0, convexDir: FIXTURE, siteUrl: "http://localhost:5173", log: () => {}, ...options });
}

export function client(url: string) {
  return new ConvexClient(url, {
    webSocketConstructor: WebSocket as unknown as typeof globalThis.WebSocket,
    logger: false,
  });
}

/** Signs a token the way Convex Auth does (RS256, iss = CONVEX_SITE_URL, aud = "convex"). */
export async function mintToken(env: Record<string, string>, sub: string, expiresInSeconds = 3600) {
  const key = await importPKCS8(env.JWT_PRIVATE_KEY, "RS256");
  const now = Math.floor(Date.now() / 1000);
  return new SignJWT({ sub })
    .setProtectedHeader({ alg: "RS256" })
    .setIssuedAt(now)
    .setIssuer(env.CONVEX_SITE_URL)
    .setAudience("convex")
    .setExpirationTime(now + expiresInSeconds)
    .sign(key);
}

/** Resolves with the first value of a subscription that satisfies `predicate`. */
export function nextValue<T>(
  c: ConvexClient,
  fn: Parameters<ConvexClient["onUpdate"]>[0],
  args: Record<string, unknown>,
  predicate: (value: T) => boolean,
  timeoutMs = 10_000,
): Promise<T> {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => {
      unsubscribe();
      reject(new Error(`Timed out waiting for ${JSON.stringify(args)}`));
    }, timeoutMs);
    const unsubscribe = c.onUpdate(fn, args, (value) => {
      if (predicate(value as T)) {
        clearTimeout(timer);
        unsubscribe();
        resolve(value as T);
      }
    });
  });
}

export type Tokens = { token: string; refreshToken: string };

/** A demo account of the project's convex/ signed in through Convex Auth (password123). */
export async function signInAs(b: Backend, email: string): Promise<Tokens> {
  const result = (await new ConvexHttpClient(b.url).action("auth:signIn" as never, {
    provider: "password",
    params: { flow: "signIn", email, password: "password123" },
  } as never)) as { tokens?: Tokens | null };
  if (!result.tokens) throw new Error(`could not sign in ${email}`);
  return result.tokens;
}

export function httpAs(b: Backend, token: string): ConvexHttpClient {
  const http = new ConvexHttpClient(b.url, { logger: false });
  http.setAuth(token);
  return http;
}

/** The convex/ folder of a conformance fixture app (tests/local-backend/conformance/<name>). */
export const conformanceApp = (name: string) => fileURLToPath(new URL(`./conformance/${name}/convex`, import.meta.url));

/** A backend (by default on the tests' fixture app) of its own for a describe block, with an HTTP client. */
export function withBackend(options: StartBackendOptions = {}, prefix?: string) {
  const ctx = { backend: null as unknown as Backend, http: null as unknown as ConvexHttpClient, dir: "" };
  beforeAll(async () => {
    ctx.dir = tempDir(prefix);
    ctx.backend = await start({ dataDir: ctx.dir, ...options });
    ctx.http = new ConvexHttpClient(ctx.backend.url, { logger: false });
  });
  afterAll(async () => {
    await ctx.backend?.stop();
    removeDir(ctx.dir);
  });
  return ctx;
}

/** A conformance fixture app on its own backend for a describe block, with an HTTP client. */
export const withConformanceApp = (name: string, options: StartBackendOptions = {}) =>
  withBackend({ convexDir: conformanceApp(name), ...options }, `lb-${name}-`);

/** A call's error message, or "succeeded". */
export const failure = (p: Promise<unknown>) => p.then(() => "succeeded", (e: Error) => e.message);

/** The ids of every workspace `client`'s user belongs to (registry functions take one). */
export async function workspacesOf(client: ConvexHttpClient): Promise<string[]> {
  const mine = (await client.query("workspaces:listMine" as never, {} as never)) as { _id: string }[];
  return mine.map((w) => w._id);
}
