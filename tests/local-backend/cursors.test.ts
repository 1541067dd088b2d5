// Pagination cursors and query journals are positions a client hands back: each attack below
// rewrites one the server issued and must get Convex's refusal, never a row outside the query
// that issued it. A small app of our own (notes of three owners in one index, another table),
// through the unmodified clients (ConvexHttpClient, and the WebSocket client's journals).
import { fileURLToPath } from "node:url";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ConvexHttpClient } from "convex/browser";
import type { Backend } from "../../local-backend/index.mjs";
import {
  FOREIGN,
  UNPARSEABLE,
  forgedJournals,
  forgeriesOf,
  outcome,
  randomlyFramed,
  sealerLike,
  subscribeWithJournal,
  truncationsOf,
  withPosition,
} from "./forgery";
import { removeDir, start, tempDir } from "./helpers";
import { openDatabase } from "../../local-backend/database.mjs";
import { newId } from "../../local-backend/ids.mjs";
import { Committer } from "../../local-backend/transaction.mjs";

const APP = fileURLToPath(new URL("./conformance/cursors/convex", import.meta.url));
const NOTES: Record<string, string[]> = { aaron: ["a1", "a2", "a3"], alice: ["n1", "n2", "n3"], zed: ["z1", "z2", "z3"] };
const ALICE = NOTES.alice.map((t) => `alice:${t}`);
const VAULT = ["v1", "v2", "v3"];

type Page = { page: string[]; isDone: boolean; continueCursor: string };
type Order = "asc" | "desc";

const dir = tempDir("lb-cursors-");
let b: Backend;
let http: ConvexHttpClient;

const page = (owner: string, order: Order, cursor: string | null, endCursor?: string) =>
  http.query("notes:page" as never, { owner, order, paginationOpts: { numItems: 2, cursor, ...(endCursor === undefined ? {} : { endCursor }) } } as never) as Promise<Page>;
/** Alice's query, asked for the page starting at `cursor` and for the page ending at it. */
const bothWays = (order: Order, cursor: string) => [outcome(page("alice", order, cursor)), outcome(page("alice", order, null, cursor))];
const firstCursor = async (order: Order) => (await page("alice", order, null)).continueCursor;

beforeAll(async () => {
  b = await start({ dataDir: dir, convexDir: APP });
  http = new ConvexHttpClient(b.url, { logger: false });
  for (const [owner, texts] of Object.entries(NOTES)) await http.mutation("notes:add" as never, { owner, texts } as never);
  await http.mutation("notes:hide" as never, { texts: VAULT } as never);
});

afterAll(async () => {
  await b?.stop();
  removeDir(dir);
});

describe("cursors an attacker rewrites are refused as Convex refuses them", () => {
  it("forged cursor: a real one's query part with the bare index prefix or prefix + 0xfe as position gets Failed to parse cursor", async () => {
    for (const order of ["asc", "desc"] as const) {
      for (const forged of forgeriesOf(await firstCursor(order))) {
        for (const got of await Promise.all(bothWays(order, forged))) expect(got).toEqual(UNPARSEABLE);
      }
    }
  });

  it("truncated cursor: gets Failed to parse cursor", async () => {
    for (const order of ["asc", "desc"] as const) {
      for (const truncated of truncationsOf(await firstCursor(order))) {
        for (const got of await Promise.all(bothWays(order, truncated))) expect(got).toEqual(UNPARSEABLE);
      }
    }
  });

  it("foreign-query cursor: one from another query (another owner, the other order, a search) gets InvalidCursor", async () => {
    const zeds = (await page("zed", "asc", null)).continueCursor;
    const descending = await firstCursor("desc");
    const search = (
      (await http.query("notes:search" as never, { owner: "alice", term: "n1", paginationOpts: { numItems: 1, cursor: null } } as never)) as Page
    ).continueCursor;
    for (const foreign of [zeds, descending, search]) {
      for (const got of await Promise.all(bothWays("asc", foreign))) expect(got).toEqual(FOREIGN);
    }
    const alices = await firstCursor("asc");
    expect(await outcome(http.query("notes:search" as never, { owner: "alice", term: "n1", paginationOpts: { numItems: 1, cursor: alices } } as never))).toEqual(FOREIGN);
  });

  it("other-table cursor: one from another table gets InvalidCursor, both ways", async () => {
    const vault = ((await http.query("notes:vault" as never, { paginationOpts: { numItems: 1, cursor: null } } as never)) as Page).continueCursor;
    for (const got of await Promise.all(bothWays("asc", vault))) expect(got).toEqual(FOREIGN);
    const alices = await firstCursor("asc");
    expect(await outcome(http.query("notes:vault" as never, { paginationOpts: { numItems: 1, cursor: alices } } as never))).toEqual(FOREIGN);
  });

  it("out-of-range cursor: gets InvalidCursor, even sealed with this deployment's own key", async () => {
    const string = (s: string) => [0x60, ...Buffer.from(s), 0x00, 0x01];
    for (const order of ["asc", "desc"] as const) {
      const seal = await sealerLike(await firstCursor(order), dir);
      // The bare index prefix, past every value, another owner's keys before and after alice's.
      for (const position of [[], [0xfe], string("aaron"), string("zed"), [0x10]]) {
        for (const got of await Promise.all(bothWays(order, seal(Buffer.from(position))))) expect(got).toEqual(FOREIGN);
      }
    }
  });

  it("other-deployment cursor: one sealed by another deployment gets Failed to parse cursor", async () => {
    const { cursorCodec } = await import("../../local-backend/cursors.mjs");
    const { randomBytes } = await import("node:crypto");
    const other = cursorCodec(randomBytes(32));
    const mine = await firstCursor("asc");
    const elsewhere = other.seal(Buffer.alloc(32), "end");
    expect(mine).not.toBe(elsewhere);
    for (const got of await Promise.all(bothWays("asc", elsewhere))) expect(got).toEqual(UNPARSEABLE);
  });

  it("forged journal: a ModifyQuerySet journal not issued by the server gets Failed to parse cursor over the WebSocket", async () => {
    for (const order of ["asc", "desc"] as const) {
      const args = { owner: "alice", order, paginationOpts: { numItems: 2, cursor: null } };
      const real = await subscribeWithJournal(b.url, "notes:page", args);
      expect(real.journal).toBeTypeOf("string");
      const cursor = await firstCursor(order);
      for (const journal of forgedJournals(real.journal!, [withPosition(cursor, []), withPosition(cursor, [0xfe])])) {
        expect((await subscribeWithJournal(b.url, "notes:page", args, journal)).outcome).toEqual(UNPARSEABLE);
      }
    }
  });

});

describe("legit pagination", () => {
  it("walks every page in both orders, each note once, and a search and another table too", async () => {
    for (const order of ["asc", "desc"] as const) {
      const seen: string[] = [];
      for (let cursor: string | null = null; ; ) {
        const p: Page = await page("alice", order, cursor);
        seen.push(...p.page);
        if (p.isDone) break;
        cursor = p.continueCursor;
      }
      expect(seen).toEqual(order === "asc" ? ALICE : [...ALICE].reverse());
    }
    const walk = async (name: string, args: Record<string, unknown>) => {
      const seen: string[] = [];
      for (let cursor: string | null = null; ; ) {
        const p = (await http.query(name as never, { ...args, paginationOpts: { numItems: 1, cursor } } as never)) as Page;
        seen.push(...p.page);
        if (p.isDone) return seen;
        cursor = p.continueCursor;
      }
    };
    expect(await walk("notes:search", { owner: "alice", term: "n2" })).toEqual(["alice:n2"]);
    expect(await walk("notes:vault", {})).toEqual(VAULT.map((t) => `vault:${t}`));
  });

  it("takes back the journal it issued, as a reconnecting client sends it", async () => {
    const args = { owner: "alice", order: "desc" as const, paginationOpts: { numItems: 2, cursor: null } };
    const first = await subscribeWithJournal(b.url, "notes:page", args);
    expect(first.outcome).toMatchObject({ leaked: { page: ["alice:n3", "alice:n2"], isDone: false } });
    const again = await subscribeWithJournal(b.url, "notes:page", args, first.journal);
    expect(again.outcome).toEqual(first.outcome);
    expect(again.journal).toBe(first.journal);
  });
});

describe("defence in depth", () => {
  it("a read given bounds wider than its index (the whole store) returns that index's documents only", async () => {
    const storeDir = tempDir("lb-cursors-store-");
    const db = await openDatabase(storeDir);
    try {
      const committer = new Committer(db, () => {});
      const tx = committer.begin(true);
      for (const table of ["mine", "theirs"]) {
        const number = db.tableNumber(table);
        for (const n of [1, 2]) {
          const id = newId(number);
          tx.write(id, table, { _id: id, _creationTime: db.nextCreationTime(), n, table });
        }
      }
      await committer.commit(tx);
      const read = committer.begin(false);
      const index = db.indexes.get("mine.by_creation_time");
      const everything = [Buffer.alloc(0), Buffer.alloc(8, 0xff)];
      for (const reverse of [false, true]) {
        const tables = [...read.range(index, ...everything, reverse)].map(({ doc }: { doc: { table: string } }) => doc.table);
        expect(tables).toEqual(["mine", "mine"]);
      }
      read.release();
    } finally {
      await db.close();
      removeDir(storeDir);
    }
  });
});

// Last: it keeps the backend busy for seconds, and nothing over HTTP follows it.
describe("fuzz", () => {
  it("fuzz: 10,000 random cursors of valid framing (half sealed with the key) return nothing outside the query", async () => {
    let seed = 0x2545f491;
    const random = () => {
      seed ^= seed << 13;
      seed ^= seed >>> 17;
      seed ^= seed << 5;
      return (seed >>> 0) / 2 ** 32;
    };
    const bytes = (n: number) => Buffer.from(Array.from({ length: n }, () => Math.floor(random() * 256)));
    // Anything; near the owners' keys (a string tag and letters); inside alice's own range.
    const position = () => {
      const tail = bytes(Math.floor(random() * 24));
      const pick = random();
      if (pick < 0.4) return tail;
      const letters = pick < 0.8 ? Buffer.from(Array.from({ length: 1 + Math.floor(random() * 5) }, () => 0x61 + Math.floor(random() * 26))) : Buffer.from("alice");
      return Buffer.concat([Buffer.from([0x60]), letters, random() < 0.5 ? Buffer.from([0, 1]) : Buffer.alloc(0), tail]);
    };
    const reals = { asc: await firstCursor("asc"), desc: await firstCursor("desc") };
    const seals = { asc: await sealerLike(reals.asc, dir), desc: await sealerLike(reals.desc, dir) };
    const outside: string[] = [];
    let answered = 0;
    const attempt = async (i: number) => {
      const order: Order = i % 2 === 0 ? "asc" : "desc";
      const cursor = i % 4 < 2 ? seals[order](position()) : randomlyFramed(reals[order], bytes(12 + Math.floor(random() * 48)));
      const asEnd = i % 8 >= 4;
      const paginationOpts = { numItems: 2, cursor: asEnd ? null : cursor, ...(asEnd ? { endCursor: cursor } : {}) };
      // In process (the function and its syscalls as over HTTP, without 10,000 round trips).
      const result = await b.run("notes:page", { owner: "alice", order, paginationOpts });
      if (!result.ok) return;
      answered += 1;
      for (const row of (result.value as Page).page) if (!ALICE.includes(row)) outside.push(row);
    };
    for (let i = 0; i < 10_000; i += 50) await Promise.all(Array.from({ length: 50 }, (_, k) => attempt(i + k)));
    expect(outside).toEqual([]);
    // Positions inside alice's range were read from, not only refused.
    expect(answered).toBeGreaterThan(0);
  });
});
