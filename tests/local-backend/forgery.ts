// What an attacker does to the cursors and journals a backend hands out. Until sealed cursors
// the backend issued `<query fingerprint>.<base64url index key>` (journals: JSON with the end
// cursor); now hex strings it sealed (local-backend/cursors.mjs). Each forgery is built from what
// the server really issued, in its format, so the same tests attack the old backend and the new.
import { expect } from "vitest";
import { BaseConvexClient } from "convex/browser";
import { ConvexError, type Value } from "convex/values";
import WebSocket from "ws";

const issuedInTheClear = (cursor: string) => cursor.includes(".");

/** The bytes of an index key: the 4-byte index number, then `tail`. */
function keyInIndexOf(cursor: string, tail: Buffer) {
  const [, key] = cursor.split(".");
  return Buffer.concat([Buffer.from(key, "base64url").subarray(0, 4), tail]);
}

/**
 * A real cursor's query part with the position replaced by the index's own prefix followed by
 * `tail` ([] = the bare index prefix, [0xfe] = past every value): the attack of issue #25.
 * A sealed cursor has no visible parts: the forgery appends the position in the old framing.
 */
export function withPosition(real: string, tail: number[]): string {
  const position = Buffer.from(tail);
  if (issuedInTheClear(real)) return `${real.split(".")[0]}.${keyInIndexOf(real, position).toString("base64url")}`;
  return `${real}.${position.toString("base64url")}`;
}

/** Forgeries of one real cursor: bare index prefix, prefix + 0xfe, and (sealed) a changed byte. */
export function forgeriesOf(real: string): string[] {
  const out = [withPosition(real, []), withPosition(real, [0xfe])];
  if (!issuedInTheClear(real)) {
    // Flip the last byte before the tag (the position's end).
    const at = real.length - 34;
    out.push(`${real.slice(0, at)}${(parseInt(real.slice(at, at + 2), 16) ^ 0xfe).toString(16).padStart(2, "0")}${real.slice(at + 2)}`);
  }
  return out;
}

/** Truncations of one real cursor. */
export function truncationsOf(real: string): string[] {
  return [real.slice(0, -1), real.slice(0, -2), real.slice(0, Math.floor(real.length / 2)), real.slice(0, real.indexOf(".") + 1 || 2), ""];
}

/**
 * Cursors for the same query at any `position` (index-relative key bytes), sealed with the
 * deployment's own key read from its data directory: an attacker who stole the key. On the old
 * backend anyone could do this; the position must still never take a query outside its range.
 */
export async function sealerLike(real: string, dataDir: string): Promise<(position: Buffer) => string> {
  if (issuedInTheClear(real)) return (position) => `${real.split(".")[0]}.${keyInIndexOf(real, position).toString("base64url")}`;
  const { cursorCodec, loadInstanceSecret } = await import("../../local-backend/cursors.mjs");
  const codec = cursorCodec(loadInstanceSecret(dataDir));
  const { fingerprint } = codec.open(real);
  return (position) => codec.seal(fingerprint, position);
}

/** Random bytes in the framing of the cursors the server issues (no key: a blind forgery). */
export function randomlyFramed(real: string, bytes: Buffer): string {
  if (issuedInTheClear(real)) return `${real.split(".")[0]}.${bytes.toString("base64url")}`;
  return Buffer.concat([Buffer.from(real.slice(0, 2), "hex"), bytes]).toString("hex");
}

/** A journal whose end is `endCursor`, or (sealed journals) a real journal with a changed byte. */
export function forgedJournals(realJournal: string, forgedCursors: string[]): string[] {
  const asJson = forgedCursors.map((endCursor) => JSON.stringify({ endCursor }));
  if (realJournal.startsWith("{")) return asJson;
  const at = realJournal.length - 34;
  const flipped = `${realJournal.slice(0, at)}${(parseInt(realJournal.slice(at, at + 2), 16) ^ 1).toString(16).padStart(2, "0")}${realJournal.slice(at + 2)}`;
  return [...asJson, flipped];
}

/** What a call got: the value it leaked, or the error it was refused with. */
export type Outcome = { leaked: unknown } | { message: string; data?: unknown };
export const outcome = (p: Promise<unknown>): Promise<Outcome> =>
  p.then(
    (leaked) => ({ leaked }),
    (e: Error) => (e instanceof ConvexError ? { message: e.message, data: e.data as unknown } : { message: e.message }),
  );

/** Convex's refusal of a cursor it cannot open (keybroker `cursor_parse_error`). */
export const UNPARSEABLE = { message: expect.stringContaining("Failed to parse cursor") };
/** Convex's refusal of a cursor of another query (database/src/query/mod.rs `invalid_cursor`). */
export const FOREIGN = {
  message: expect.stringContaining("InvalidCursor: Tried to run a query starting from a cursor, but it looks like this cursor is from a different query."),
  data: { isConvexSystemError: true, paginationError: "InvalidCursor" },
};

/**
 * Subscribes over the sync WebSocket with the unmodified client, handing it `journal` as a
 * reconnecting client does (ModifyQuerySet's Add carries it), and resolves with what came back.
 */
export function subscribeWithJournal(url: string, name: string, args: Record<string, Value>, journal?: string) {
  return new Promise<{ outcome: Outcome; journal: string | undefined }>((resolve, reject) => {
    const timer = setTimeout(() => finish(() => reject(new Error(`no answer for ${name}`))), 10_000);
    const client = new BaseConvexClient(url, () => check(), {
      webSocketConstructor: WebSocket as unknown as typeof globalThis.WebSocket,
      logger: false,
      unsavedChangesWarning: false,
    });
    const finish = (then: () => void) => {
      clearTimeout(timer);
      void client.close().then(then);
    };
    const check = () => {
      let result: Outcome;
      try {
        const value = client.localQueryResult(name, args);
        if (value === undefined) return;
        result = { leaked: value };
      } catch (e) {
        result = e instanceof ConvexError ? { message: e.message, data: e.data as unknown } : { message: (e as Error).message };
      }
      const issued = client.queryJournal(name, args) ?? undefined;
      finish(() => resolve({ outcome: result, journal: issued }));
    };
    client.subscribe(name, args, journal === undefined ? undefined : { journal });
  });
}
