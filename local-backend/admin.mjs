// The deployment's admin key, as Convex issues and checks them
// (get-convex/convex-backend crates/keybroker: `<instance name>|<encrypted
// part>`, the encrypted part naming the instance and when it was issued,
// sealed with the instance secret). Made on first start, kept 0600 in the
// data directory. A request that carries it (`Authorization: Convex <key>`,
// or `<key>:<base64 JSON identity>` to act as a user) may call internal
// functions and the CLI's endpoints, as on Convex.
import { createCipheriv, createDecipheriv, randomBytes } from "node:crypto";
import { existsSync, readFileSync } from "node:fs";
import path from "node:path";
import { writeFileAtomic } from "./files.mjs";

const INSTANCE_FILE = "instance.json";
/** The key `npm run dev` prints; more can be issued with the same secret. */
export const ADMIN_KEY_FILE = "admin_key";
const VERSION = 1;

function seal(secret, payload) {
  const iv = randomBytes(12);
  const cipher = createCipheriv("aes-256-gcm", secret, iv);
  const body = Buffer.concat([cipher.update(JSON.stringify(payload), "utf8"), cipher.final()]);
  return Buffer.concat([Buffer.from([VERSION]), iv, body, cipher.getAuthTag()]).toString("hex");
}

function open(secret, hex) {
  if (!/^[0-9a-f]+$/.test(hex)) return null;
  const bytes = Buffer.from(hex, "hex");
  if (bytes.length < 1 + 12 + 16 + 2 || bytes[0] !== VERSION) return null;
  try {
    const decipher = createDecipheriv("aes-256-gcm", secret, bytes.subarray(1, 13));
    decipher.setAuthTag(bytes.subarray(bytes.length - 16));
    const plain = Buffer.concat([decipher.update(bytes.subarray(13, bytes.length - 16)), decipher.final()]);
    return JSON.parse(plain.toString("utf8"));
  } catch {
    return null;
  }
}

/**
 * The instance (its name and secret) and its admin key, created on first start.
 * @param {string} dataDir
 */
export function prepareAdmin(dataDir) {
  const file = path.join(dataDir, INSTANCE_FILE);
  let instance;
  if (existsSync(file)) {
    instance = JSON.parse(readFileSync(file, "utf8"));
  } else {
    instance = { name: "tagmything-local", secret: randomBytes(32).toString("hex") };
    writeFileAtomic(file, `${JSON.stringify(instance, null, 2)}\n`, 0o600);
  }
  const secret = Buffer.from(instance.secret, "hex");
  const issue = () => `${instance.name}|${seal(secret, { instance: instance.name, issued: Math.floor(Date.now() / 1000) })}`;
  const keyFile = path.join(dataDir, ADMIN_KEY_FILE);
  let adminKey = existsSync(keyFile) ? readFileSync(keyFile, "utf8").trim() : "";
  if (!adminKey) {
    adminKey = issue();
    writeFileAtomic(keyFile, `${adminKey}\n`, 0o600);
  }

  /** True for a key this instance issued (a `prod:`/`dev:` prefix on the name is ignored, as Convex does). */
  const isAdminKey = (key) => {
    const bar = key.indexOf("|");
    if (bar === -1) return false;
    const name = key.slice(0, bar).replace(/^(prod|dev|preview):/, "");
    const payload = open(secret, key.slice(bar + 1));
    return name === instance.name && payload?.instance === instance.name && Number(payload.issued) > 0;
  };

  /**
   * The caller a `Convex <key>[:<identity>]` credential stands for: an admin, acting as the
   * given user identity or as nobody. Null for anything this instance did not issue.
   * @returns {{ identity: any } | null}
   */
  const checkAdmin = (value, actingAs = undefined) => {
    const raw = String(value ?? "");
    const colon = raw.lastIndexOf(":");
    // The identity part is base64 (no colons); a key's own name may carry a `prod:` prefix.
    const hasIdentity = colon > raw.indexOf("|");
    const key = hasIdentity ? raw.slice(0, colon) : raw;
    if (!isAdminKey(key)) return null;
    let identity = actingAs ?? null;
    if (hasIdentity) {
      try {
        const bytes = Uint8Array.from(atob(raw.slice(colon + 1)), (c) => c.codePointAt(0) ?? 0);
        identity = JSON.parse(new TextDecoder().decode(bytes));
      } catch {
        throw new AdminAuthError("The identity to act as must be base64-encoded JSON");
      }
    }
    return { identity: identity ? actingIdentity(identity) : null };
  };

  return { instanceName: instance.name, adminKey, issue, checkAdmin };
}

/**
 * An identity an admin acts as, read as Convex reads one (sync_types json.rs,
 * UserIdentityAttributes): `tokenIdentifier`, or `issuer|subject` when it is missing.
 */
function actingIdentity(identity) {
  if (identity === null || typeof identity !== "object" || Array.isArray(identity)) throw new AdminAuthError("The identity to act as must be an object");
  if (typeof identity.tokenIdentifier === "string") return identity;
  if (typeof identity.issuer !== "string" || typeof identity.subject !== "string") {
    throw new AdminAuthError('Either "tokenIdentifier" or "issuer" and "subject" must be set');
  }
  return { ...identity, tokenIdentifier: `${identity.issuer}|${identity.subject}` };
}

export class AdminAuthError extends Error {}
