// Locations, ports and the deployment environment (auth keys, URLs) that the
// convex/ functions read from process.env.
import { createHash } from "node:crypto";
import { chmodSync, existsSync, mkdirSync, readFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { randomBytes } from "node:crypto";
import { exportJWK, exportPKCS8, generateKeyPair } from "jose";
import { writeFileAtomic } from "./files.mjs";

export const REPO_ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
// Outside the repository, so no dev server that serves the project folder can
// serve the keys or the database; one directory per checkout.
const dataHome = process.env.XDG_DATA_HOME || path.join(os.homedir(), ".local", "share");
const DEFAULT_DATA_DIR = path.join(
  dataHome,
  "tagmything-local-backend",
  `${path.basename(REPO_ROOT)}-${createHash("sha256").update(REPO_ROOT).digest("hex").slice(0, 8)}`,
);
/** Where the data dir used to be (inside the repo, where Vite could serve it). */
const LEGACY_DATA_DIR = path.join(REPO_ROOT, ".local-backend");

/** A line for the terminal when an old in-repo data dir is still lying around. */
export function legacyDataDirNotice() {
  return existsSync(LEGACY_DATA_DIR)
    ? `${LEGACY_DATA_DIR} is no longer used (it held the JWT key where the dev server could serve it); the data now lives in ${dataDirFromEnv()}. Delete the old folder.`
    : null;
}
export const DEFAULT_CONVEX_DIR = path.join(REPO_ROOT, "convex");
/** Where a running backend records its URLs in its data directory (for scripts: npm run backup). */
export const SERVER_FILE = "server.json";

export function dataDirFromEnv() {
  return path.resolve(process.env.LOCAL_BACKEND_DIR ?? DEFAULT_DATA_DIR);
}

export function portsFromEnv() {
  return {
    port: Number(process.env.CONVEX_PORT ?? 3210),
    sitePort: Number(process.env.CONVEX_SITE_PORT ?? 3211),
    vitePort: Number(process.env.PORT ?? 5173),
  };
}

/** Keys in the format `npx @convex-dev/auth` writes (PEM newlines as spaces). */
async function generateKeys() {
  const { privateKey, publicKey } = await generateKeyPair("RS256", { extractable: true });
  const pem = await exportPKCS8(privateKey);
  const jwk = await exportJWK(publicKey);
  return {
    JWT_PRIVATE_KEY: pem.trimEnd().replace(/\n/g, " "),
    JWKS: JSON.stringify({ keys: [{ use: "sig", ...jwk }] }),
  };
}

/**
 * Reads <dataDir>/env.json, creating the keys on first start. URLs follow the
 * ports of this run, so they are refreshed on every start.
 * @returns {Promise<{ env: Record<string, string>, created: boolean }>}
 */
export async function prepareEnv(dataDir, { siteUrl, convexSiteUrl }) {
  mkdirSync(dataDir, { recursive: true, mode: 0o700 });
  chmodSync(dataDir, 0o700);
  const file = path.join(dataDir, "env.json");
  const created = !existsSync(file);
  const stored = created ? await generateKeys() : JSON.parse(readFileSync(file, "utf8"));
  // The dev outbox's key (it shows reset links and codes): random per data dir, printed by `npm run dev`.
  const outboxKey = /^[A-Za-z0-9_-]{32,}$/.test(stored.LOCAL_OUTBOX ?? "") ? stored.LOCAL_OUTBOX : randomBytes(24).toString("base64url");
  // TMT top-ups in the payment adapter's offline test mode (convex/lib/payments/provider.ts).
  const env = { PAYMENTS_PROVIDER: "test", ...stored, SITE_URL: siteUrl, CONVEX_SITE_URL: convexSiteUrl, LOCAL_OUTBOX: outboxKey };
  writeFileAtomic(file, `${JSON.stringify(env, null, 2)}\n`, 0o600);
  return { env, created };
}

/**
 * Sets (value) or removes (null) deployment variables in <dataDir>/env.json, as
 * `npx convex env set|remove` asks; returns the stored variables.
 * @param {string} dataDir
 * @param {{ name: string, value: string | null }[]} changes
 */
export function updateEnv(dataDir, changes) {
  const file = path.join(dataDir, "env.json");
  const stored = existsSync(file) ? JSON.parse(readFileSync(file, "utf8")) : {};
  for (const { name, value } of changes) {
    if (value === null) delete stored[name];
    else stored[name] = value;
  }
  writeFileAtomic(file, `${JSON.stringify(stored, null, 2)}\n`, 0o600);
  return stored;
}
