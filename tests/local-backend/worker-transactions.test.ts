// A mutation run in a worker runs its transaction there (local-backend/worker-tx.mjs): it reads
// the worker's own snapshot of the store, and the main thread validates and commits what it did.
// Convex's semantics must hold as when the main thread served every call: a conflict runs it again
// and every effect lands, an invalid write throws at the call that made it, its reads see its own
// writes, and a call the worker cannot serve hands the transaction over without losing a write.
import { mkdtempSync, readFileSync, readdirSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { convexToJson } from "convex/values";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { Database } from "../../local-backend/database.mjs";
import { folderSource } from "../../local-backend/functions.mjs";
import { createHost } from "../../local-backend/host.mjs";
import { newId } from "../../local-backend/ids.mjs";
import { AFTER } from "../../local-backend/keys.mjs";
import { Committer, Transaction } from "../../local-backend/transaction.mjs";
import { LocalTransactions, received } from "../../local-backend/worker-tx.mjs";
import { api } from "./fixture/convex/_generated/api";
import { FIXTURE, client, removeDir, tempDir, withBackend } from "./helpers";

describe("a mutation whose transaction runs in its worker", () => {
  const app = withBackend();

  it("is run again on a conflict, and every concurrent call lands", async () => {
    const calls = 16;
    const results = await Promise.all(Array.from({ length: calls }, () => app.backend.run("workerTx:bump", { name: "race" })));
    expect(results.every((r) => r.ok)).toBe(true);
    expect((await app.backend.run("store:counter", { name: "race" })).value).toBe(calls);
  }, 30_000);

  it("reads its own writes, and an invalid write throws at its call and writes nothing", async () => {
    const result = await app.backend.run("workerTx:ownWrites", { owner: "own" });
    expect(result.ok).toBe(true);
    expect(result.value.byGet).toBe("second");
    expect(result.value.invalid).toContain('Failed to insert or update a document in table "notes" because it does not match the schema');
    expect(result.value.byIndex).toEqual(["second", "third"]);
    expect((await app.backend.run("workerTx:textsOf", { owner: "own" })).value).toEqual(["second", "third"]);
  });

  it("hands its transaction to the main thread at a call only that serves, with every write", async () => {
    const result = await app.backend.run("workerTx:handOff", { owner: "handoff" });
    expect(result.ok).toBe(true);
    expect(result.value).toEqual({ seen: ["before"], after: "after" });
    expect((await app.backend.run("workerTx:textsOf", { owner: "handoff" })).value).toEqual(["after"]);
  });

  it("commits every document it wrote, those sent to the main thread while it ran included", async () => {
    const expected = Array.from({ length: 150 }, (_, i) => (i === 149 ? "last" : i % 7 === 1 && i < 100 ? `p${i}` : `n${i}`)).slice(1);
    for (const handOff of [false, true]) {
      const owner = `many-${handOff}`;
      const result = await app.backend.run("workerTx:manyWrites", { owner, handOff });
      expect(result.ok).toBe(true);
      expect(result.value).toEqual(expected);
      expect((await app.backend.run("workerTx:textsOf", { owner })).value).toEqual(expected);
    }
  });

  it("serves an action's queries from the worker's snapshot, or from the main thread when it cannot", async () => {
    await app.backend.run("workerTx:ownWrites", { owner: "read" });
    const result = await app.backend.run("workerTx:readBoth", { owner: "read" });
    expect(result.value).toEqual({ texts: ["second", "third"], paged: { texts: ["second", "third"], page: ["second", "third"] } });
  });

  it("runs a client's live query on the worker's snapshot: one that threw runs again when what it read changes", async () => {
    const c = client(app.backend.url);
    try {
      const seen: string[] = [];
      const failed = new Promise<string>((resolve) => {
        c.onUpdate(api.workerTx.firstOrThrow, { owner: "later" }, (text) => seen.push(text), (e) => resolve(e.message));
      });
      expect(await failed).toContain("later has no note yet");
      await app.backend.run("workerTx:ownWrites", { owner: "later" });
      await vi.waitFor(() => expect(seen).toEqual(["second"]), { timeout: 10_000 });
    } finally {
      await c.close();
    }
  });
});

// A worker that runs queries and mutations is ready before its first call, as a server's is once
// code is deployed: it has evaluated the app's modules and opened the store with its catalog, so
// the first calls after a start or a push (a burst of clients) do not each wait for that.
describe("a query-and-mutation worker", () => {
  it("holds the app's modules and the open store before its first call, at the start and when the workers start again", async () => {
    const dir = tempDir("lb-warm-");
    const host = await createHost({ source: folderSource(FIXTURE), dataDir: dir, urls: { storageUrl: (id: string) => id, uploadUrl: () => "" }, log: () => {}, deploymentEnv: {} });
    const expectLoaded = () => {
      const loaded = host.workersLoaded();
      expect(loaded.length).toBeGreaterThan(0);
      for (const worker of loaded) expect(worker).toEqual({ modules: expect.arrayContaining(["messages", "workerTx"]), store: true });
    };
    try {
      expectLoaded();
      await host.restartActions();
      expectLoaded();
    } finally {
      await host.stop();
      removeDir(dir);
    }
  }, 30_000);

  it("does not preempt the main thread as its messages wake it: it runs under SCHED_BATCH (Linux)", async () => {
    const dir = tempDir("lb-sched-");
    const host = await createHost({ source: folderSource(FIXTURE), dataDir: dir, urls: { storageUrl: (id: string) => id, uploadUrl: () => "" }, log: () => {}, deploymentEnv: {} });
    // A thread's policy is the 41st field of its stat line (3: SCHED_BATCH); the command's name may hold spaces.
    const batchThreads = () =>
      readdirSync("/proc/self/task").filter((tid) => readFileSync(`/proc/self/task/${tid}/stat`, "utf8").split(") ")[1].split(" ")[38] === "3").length;
    try {
      expect(batchThreads()).toBeGreaterThanOrEqual(host.workersLoaded().length);
      expect(batchThreads()).toBeGreaterThan(0);
    } finally {
      await host.stop();
      removeDir(dir);
    }
  }, 30_000);
});

describe("a worker's transaction, committed by the main thread", () => {
  let dir: string;
  let db: Database;
  let committer: Committer;
  let local: LocalTransactions;
  let counter: string;
  const run = { kind: "mutation" as const, requestId: "r", udfPath: "test:fn", abandon: () => {}, handOff: () => {} };

  beforeAll(async () => {
    dir = mkdtempSync(path.join(os.tmpdir(), "lb-worker-tx-"));
    db = new Database(dir);
    db.applySchema({ tables: [{ tableName: "counters", indexes: [{ indexDescriptor: "by_name", fields: ["name"] }] }] });
    committer = new Committer(db, () => {});
    const tx = committer.begin(true);
    counter = newId(db.tableNumber("counters"));
    tx.write(counter, "counters", { _id: counter, _creationTime: db.nextCreationTime(), name: "c", n: 0 }, true);
    await committer.commit(tx);
    local = new LocalTransactions({ dataFile: db.file, validators: [], staged: [] });
  });
  afterAll(async () => {
    await local.close();
    await db.close();
    rmSync(dir, { recursive: true, force: true });
  });

  /** A worker's run that reads the counter and writes n + 1, committed through `main`. */
  async function increment() {
    const main = committer.begin(true);
    const exec = local.begin({ minTs: main.beginTs, creationFloor: db.lastCreationTime, catalog: db.catalogState(), identity: null }, run)!;
    const doc = JSON.parse(await local.asyncSyscall(exec, "1.0/get", JSON.stringify({ id: counter })));
    await local.asyncSyscall(exec, "1.0/shallowMerge", JSON.stringify({ id: counter, value: { n: doc.n + 1 } }));
    return { main, exec };
  }

  async function commit({ main, exec }: Awaited<ReturnType<typeof increment>>) {
    const ran = local.outcome(exec)!;
    main.adopt(received(ran));
    return committer.commit(main);
  }

  it("conflicts with a commit made after its snapshot of what it read, and commits otherwise", async () => {
    const first = await increment();
    const second = await increment();
    expect(await commit(second)).not.toBeNull();
    // Both read n = 0: the later commit would lose the first's write.
    expect(await commit(first)).toBeNull();
    const third = await increment();
    expect(await commit(third)).not.toBeNull();
    expect((db.getDoc(counter) as { n: number } | null)?.n).toBe(2);
  });

  // Plain JSON (most inserts) is stored without being walked (syscalls.mjs `parseArgs`): what is
  // stored must be Convex's lossless JSON either way, and a field name Convex refuses still refused.
  it("stores every inserted value as Convex's lossless JSON, and refuses a field name Convex refuses", async () => {
    const main = committer.begin(true);
    const exec = local.begin({ minTs: main.beginTs, creationFloor: db.lastCreationTime, catalog: db.catalogState(), identity: null }, run)!;
    const insert = async (value: unknown) => JSON.parse(await local.asyncSyscall(exec, "1.0/insert", JSON.stringify({ table: "counters", value })))._id as string;
    const values = [
      // As a function's runtime sends a value (its fields sorted), and as a raw call might (not).
      convexToJson({ name: "plain", n: 1.5, tags: ["a", "b"], nested: { x: -2, y: null, ok: true }, Upper: "u", "`tick": 1 }),
      { name: "unsorted", n: 2, nested: { z: 1, a: { y: 1, b: 2 } }, 10: "ten", 9: "nine" },
      { name: "special", n: convexToJson(5n), bytes: convexToJson(new Uint8Array([0, 255]).buffer), nan: convexToJson(NaN), zero: convexToJson(-0) },
      { name: "café\u0001\nline", n: 0 },
    ];
    const ids = [];
    for (const value of values) ids.push(await insert(value));
    await expect(insert({ ["bad\u007fname"]: 1 })).rejects.toThrow(/Field name/);
    await expect(insert({ ["naïve"]: 1 })).rejects.toThrow(/Field name/);
    await expect(insert({ ["$reserved"]: 1 })).rejects.toThrow();
    const ran = local.outcome(exec)!;
    main.adopt(received(ran));
    expect(await committer.commit(main)).not.toBeNull();
    ids.forEach((id, i) => {
      const doc = db.getDoc(id) as Record<string, unknown>;
      expect(db.getText(id)).toBe(JSON.stringify(convexToJson(doc as never)));
      expect(convexToJson({ ...doc, _id: undefined, _creationTime: undefined } as never)).toEqual(values[i]);
    });
    expect((db.getDoc(ids[2]) as { n: bigint }).n).toBe(5n);
    expect(Object.is((db.getDoc(ids[2]) as { zero: number }).zero, -0)).toBe(true);
  });
});

// A transaction's index reads merge its own writes (kept sorted per index as they are made, so a
// batch of thousands of inserts, each after a uniqueness read, does not rescan them all each time).
describe("a transaction's range reads over its own writes", () => {
  let dir: string;
  let db: Database;
  let committer: Committer;
  type Doc = { _id: string; _creationTime: number; name: string };

  beforeAll(async () => {
    dir = mkdtempSync(path.join(os.tmpdir(), "lb-own-ranges-"));
    db = new Database(dir);
    db.applySchema({ tables: [{ tableName: "things", indexes: [{ indexDescriptor: "by_name", fields: ["name"] }] }] });
    committer = new Committer(db, () => {});
    const tx = committer.begin(true);
    for (const name of ["c", "m", "x"]) {
      const id = newId(db.tableNumber("things"));
      tx.write(id, "things", { _id: id, _creationTime: db.nextCreationTime(), name }, true);
    }
    await committer.commit(tx);
  });
  afterAll(async () => {
    await db.close();
    rmSync(dir, { recursive: true, force: true });
  });

  const names = (tx: Transaction, reverse = false) => {
    const index = db.indexes.get("things.by_name")!;
    return [...tx.range(index, index.prefix, Buffer.concat([index.prefix, AFTER]), reverse)].map((e) => (e.doc as Doc).name);
  };

  const committedId = (tx: Transaction, name: string) => {
    const index = db.indexes.get("things.by_name")!;
    const ids = [...db.scan(index.prefix, Buffer.concat([index.prefix, AFTER]), false, tx.snapshot)].map(({ value }) => value as string);
    return ids.find((id) => (db.getDoc(id) as Doc | null)?.name === name)!;
  };

  it("see every insert, move, delete and undone sub-call in index order, both ways", async () => {
    const tx = committer.begin(true);
    // What the index holds for this transaction: own documents by id, committed ones by name.
    const expected = new Map<string, string>();
    for (const name of names(tx)) expected.set(name, name);
    const check = () => {
      const want = [...expected.values()].sort();
      expect(names(tx)).toEqual(want);
      expect(names(tx, true)).toEqual([...want].reverse());
    };
    check();
    const insert = (name: string) => {
      const id = newId(db.tableNumber("things"));
      tx.write(id, "things", { _id: id, _creationTime: db.nextCreationTime(), name }, true);
      expected.set(id, name);
      return id;
    };
    // Reads between writes, as a uniqueness check before each insert does.
    const ids = ["k", "a", "z", "d", "b", "y", "n"].map((name) => {
      const id = insert(name);
      check();
      return id;
    });
    // An own insert moved (its key changes), and a committed document moved.
    tx.write(ids[1], "things", { ...(tx.writes.get(ids[1])!.new as Doc), name: "q" });
    expected.set(ids[1], "q");
    check();
    const committedM = committedId(tx, "m");
    expected.delete("m");
    tx.write(committedM, "things", { ...(db.getDoc(committedM) as Doc), name: "e" });
    expected.set(committedM, "e");
    check();
    // Deletes: an own insert, and a committed document ("c").
    tx.write(ids[2], "things", null);
    expected.delete(ids[2]);
    check();
    const committedC = committedId(tx, "c");
    expected.delete("c");
    tx.write(committedC, "things", null);
    check();
    // A sub-call's writes undone: the reads after it see the writes before it only.
    const sub = tx.beginSub();
    insert("f");
    tx.write(ids[0], "things", { ...(tx.writes.get(ids[0])!.new as Doc), name: "zz" });
    expect(names(tx)).toContain("zz");
    tx.rollbackSub(sub);
    expected.delete([...expected].find(([, name]) => name === "f")![0]);
    check();
    insert("g");
    check();
    committer.finish(tx);
  });
});
