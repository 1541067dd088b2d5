// The embedded store: Convex-shaped ids, Convex's value order in indexes,
// snapshot queries that never wait, serializable mutations, the data dir.
import { mkdirSync, statSync, writeFileSync } from "node:fs";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ConvexHttpClient } from "convex/browser";
import { compareValues, type Value } from "convex/values";
import type { Backend } from "../../local-backend/index.mjs";
import { SECRET_FILE } from "../../local-backend/cursors.mjs";
import { decodeId } from "../../local-backend/ids.mjs";
import { api } from "./fixture/convex/_generated/api";
import { removeDir, start, tempDir } from "./helpers";

let backend: Backend;
const dir = tempDir("lb-store-");

beforeAll(async () => {
  backend = await start({ dataDir: dir });
});
afterAll(async () => {
  await backend.stop();
  removeDir(dir);
});

describe("ids", () => {
  it("are random, Convex-encoded and tied to their table", async () => {
    const http = new ConvexHttpClient(backend.url);
    const ids = await Promise.all([1, 2, 3].map((i) => http.mutation(api.messages.send, { channel: "ids", author: "a", body: `${i}` })));
    for (const id of ids) {
      expect(id).toMatch(/^[0-9a-hjkmnp-tv-z]{31,32}$/);
      expect(decodeId(id)).toBeGreaterThan(10000);
    }
    expect(new Set(ids.map(decodeId)).size).toBe(1);
    // Neighbours share nothing guessable: no common prefix beyond the table number.
    expect(ids[0].slice(2, 12)).not.toBe(ids[1].slice(2, 12));
    // One changed character breaks the checksum.
    const flipped = ids[0].slice(0, -1) + (ids[0].endsWith("0") ? "1" : "0");
    expect(decodeId(flipped)).toBeNull();
    expect(await http.query(api.store.getMessage, { id: ids[0] })).toBe("1");
    const wrongTable = await http.query(api.store.getMessage, { id: (await http.action(api.files.storeText, { text: "t" })) as never }).catch((e: Error) => e.message);
    expect(wrongTable).toContain("does not match the table name in validator `v.id(\"messages\")`");
  });
});

describe("indexes", () => {
  it("order and range values of every type in Convex's order", async () => {
    const values: Value[] = [null, 3n, -1n, 2.5, -0.5, 0, true, false, "b", "a", "", new Uint8Array([1]).buffer, [1, 2], [1], { a: 1 }, "ä"];
    for (const value of values) await backend.run("store:addMixed", { value });
    const sorted = [...values].sort(compareValues);
    const asc = await backend.run("store:mixedInOrder", { order: "asc" });
    const desc = await backend.run("store:mixedInOrder", { order: "desc" });
    const http = new ConvexHttpClient(backend.url);
    expect(await http.query(api.store.mixedInOrder, { order: "asc" })).toEqual(sorted);
    expect(asc.ok && desc.ok).toBe(true);
    expect(await http.query(api.store.mixedInOrder, { order: "desc" })).toEqual([...sorted].reverse());
    expect(await http.query(api.store.mixedBetween, { low: -0.5, high: "a" })).toEqual(sorted.filter((v) => compareValues(v, -0.5) > 0 && compareValues(v, "a") <= 0));
  });
});

describe("concurrency", () => {
  it("loses no update when many mutations race on one document", async () => {
    const http = new ConvexHttpClient(backend.url);
    await Promise.all(Array.from({ length: 60 }, () => http.mutation(api.store.increment, { name: "race" })));
    expect(await http.query(api.store.counter, { name: "race" })).toBe(60);
  });

  it("answers a short query while a long one runs", async () => {
    const http = new ConvexHttpClient(backend.url);
    const order: string[] = [];
    const long = http.query(api.store.slow, { ms: 400 }).then(() => order.push("long"));
    await new Promise((r) => setTimeout(r, 50));
    const short = http.query(api.store.counter, { name: "race" }).then(() => order.push("short"));
    await Promise.all([long, short]);
    expect(order).toEqual(["short", "long"]);
  });
});

describe("data directory", () => {
  it("keeps keys and data private to the owner", () => {
    expect(statSync(dir).mode & 0o777).toBe(0o700);
    expect(statSync(path.join(dir, "env.json")).mode & 0o777).toBe(0o600);
    expect(statSync(path.join(dir, SECRET_FILE)).mode & 0o777).toBe(0o600);
    expect(statSync(path.join(dir, "data.mdb")).mode & 0o777).toBe(0o600);
  });

  it("refuses a data dir in the old format and names npm run reset", async () => {
    const old = tempDir("lb-old-");
    mkdirSync(old, { recursive: true });
    writeFileSync(path.join(old, "snapshot.json"), "{}");
    await expect(start({ dataDir: old })).rejects.toThrow(/npm run reset/);
    removeDir(old);
  });
});

describe("read snapshots", () => {
  // LMDB has a fixed table of reader slots (126). A query that stops part-way through a range
  // (.first(), .take(), a page) must still let its snapshot go: a held one kept a slot for good,
  // and after some hundred commits every read failed with MDB_READERS_FULL (an audit's screens).
  it("are all let go by reads that stop part-way through a range, commit after commit", async () => {
    const http = new ConvexHttpClient(backend.url);
    const channel = "readers";
    for (const body of ["a", "b"]) await http.mutation(api.messages.send, { channel, author: "r", body });
    for (let i = 0; i < 300; i++) {
      await http.mutation(api.messages.send, { channel, author: "r", body: `m${i}` });
      expect(await http.query(api.messages.latest, { channel })).toBe(`m${i}`);
    }
  }, 120_000);
});
