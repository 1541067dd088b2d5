// Positions a client hands back (pagination cursors, query journals) are sealed as Convex
// seals them (crates/keybroker: a key per purpose derived from the deployment's secret, an
// AEAD, a version byte): a client can keep and return them, never read or forge them. What
// failed to open gets Convex's "Failed to parse cursor"; the query each cursor belongs to is
// checked by query.mjs once it is open.
import { createCipheriv, createDecipheriv, createHmac, hkdfSync, randomBytes, timingSafeEqual } from "node:crypto";
import { existsSync, readFileSync } from "node:fs";
import path from "node:path";
import { writeFileAtomic } from "./files.mjs";

/** The deployment's secret, outside env.json so no function can read it from process.env. */
export const SECRET_FILE = "instance_secret";
const SECRET_BYTES = 32;
const VERSION = 1;
const IV_BYTES = 12;
const TAG_BYTES = 16;
const SEALED_KEPT = 4096;
// One key per purpose (Convex: encryptor.rs `Purpose`), so a journal never opens as a cursor.
const PURPOSES = { cursor: "cursor", journal: "query journal" };

/** An error a function sees from a cursor or journal that does not open (Convex: `cursor_parse_error`). */
export class CursorParseError extends Error {
  constructor() {
    super("Failed to parse cursor");
  }
}

/** Reads `<dataDir>/instance_secret`, creating it (0600) on first start. */
export function loadInstanceSecret(dataDir) {
  const file = path.join(dataDir, SECRET_FILE);
  if (existsSync(file)) {
    const stored = Buffer.from(readFileSync(file, "utf8").trim(), "hex");
    if (stored.length === SECRET_BYTES) return stored;
    throw new Error(`${file} is not a ${SECRET_BYTES}-byte hex secret; delete it to make a new one (cursors and journals issued with it stop working).`);
  }
  const secret = randomBytes(SECRET_BYTES);
  writeFileAtomic(file, `${secret.toString("hex")}\n`, 0o600);
  return secret;
}

/**
 * Deterministic authenticated encryption (a synthetic IV, as AES-GCM-SIV gives Convex): the same
 * position of the same query is always the same string, so a live query re-run with an unchanged
 * journal stays one shared subscription. AES-256-GCM, the IV an HMAC of the plaintext.
 */
function sealer(secret, purpose) {
  const keys = Buffer.from(hkdfSync("sha256", secret, Buffer.alloc(0), purpose, 64));
  const encKey = keys.subarray(0, 32);
  const ivKey = keys.subarray(32);
  const aad = Buffer.from([VERSION]);
  const ivOf = (plain) => createHmac("sha256", ivKey).update(aad).update(plain).digest().subarray(0, IV_BYTES);
  // The same position is sealed again and again (every client reading a channel's first page,
  // every re-run of a live page): being deterministic, a sealed text is kept for its plaintext.
  const sealed = new Map();
  return {
    /** @param {Buffer} plain */
    seal(plain) {
      const key = plain.toString("latin1");
      let text = sealed.get(key);
      if (text !== undefined) return text;
      const iv = ivOf(plain);
      const cipher = createCipheriv("aes-256-gcm", encKey, iv).setAAD(aad);
      const body = Buffer.concat([cipher.update(plain), cipher.final()]);
      text = Buffer.concat([aad, iv, body, cipher.getAuthTag()]).toString("hex");
      if (sealed.size >= SEALED_KEPT) sealed.delete(sealed.keys().next().value);
      sealed.set(key, text);
      return text;
    },
    /** The plaintext, or CursorParseError for anything this key did not seal. */
    open(text) {
      if (typeof text !== "string" || !/^(?:[0-9a-f]{2})+$/.test(text)) throw new CursorParseError();
      const bytes = Buffer.from(text, "hex");
      if (bytes.length < 1 + IV_BYTES + TAG_BYTES || bytes[0] !== VERSION) throw new CursorParseError();
      const iv = bytes.subarray(1, 1 + IV_BYTES);
      const tag = bytes.subarray(bytes.length - TAG_BYTES);
      let plain;
      try {
        const decipher = createDecipheriv("aes-256-gcm", encKey, iv, { authTagLength: TAG_BYTES }).setAAD(aad);
        decipher.setAuthTag(tag);
        plain = Buffer.concat([decipher.update(bytes.subarray(1 + IV_BYTES, bytes.length - TAG_BYTES)), decipher.final()]);
      } catch {
        throw new CursorParseError();
      }
      if (!timingSafeEqual(ivOf(plain), iv)) throw new CursorParseError();
      return plain;
    },
  };
}

// A cursor's plaintext: the query's fingerprint (32 bytes), then its position.
const FINGERPRINT_BYTES = 32;
const END = 0;
const AFTER_KEY = 1;

/**
 * @param {Buffer} secret the deployment's secret (loadInstanceSecret)
 */
export function cursorCodec(secret) {
  const cursors = sealer(secret, PURPOSES.cursor);
  const journals = sealer(secret, PURPOSES.journal);
  return {
    /** What the codec is made from: a worker reading a client's query makes the same one (worker-tx.mjs). */
    secret,
    /**
     * @param {Buffer} fingerprint the query's identity (query.mjs)
     * @param {"end" | Buffer} position the end, or the bytes after which the query goes on
     */
    seal(fingerprint, position) {
      const head = Buffer.from([position === "end" ? END : AFTER_KEY]);
      return cursors.seal(Buffer.concat([fingerprint, head, position === "end" ? Buffer.alloc(0) : position]));
    },
    /** @returns {{ fingerprint: Buffer, position: "end" | Buffer }} */
    open(cursor) {
      const plain = cursors.open(cursor);
      if (plain.length < FINGERPRINT_BYTES + 1) throw new CursorParseError();
      const kind = plain[FINGERPRINT_BYTES];
      const rest = plain.subarray(FINGERPRINT_BYTES + 1);
      if (kind === END && rest.length === 0) return { fingerprint: plain.subarray(0, FINGERPRINT_BYTES), position: "end" };
      if (kind === AFTER_KEY) return { fingerprint: plain.subarray(0, FINGERPRINT_BYTES), position: rest };
      throw new CursorParseError();
    },
    /** A query's journal: where its page ends (a sealed cursor), sealed again under its own key. */
    sealJournal(endCursor) {
      return journals.seal(Buffer.from(JSON.stringify({ endCursor }), "utf8"));
    },
    /** @returns {{ endCursor: string } | null} null for no journal; CursorParseError for a bad one. */
    openJournal(journal) {
      if (journal === null || journal === undefined) return null;
      const parsed = JSON.parse(journals.open(journal).toString("utf8"));
      if (typeof parsed?.endCursor !== "string") throw new CursorParseError();
      return parsed;
    },
  };
}
