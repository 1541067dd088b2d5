// A mutation run in a worker runs its transaction there (local-backend/worker-tx.mjs): it reads
// the worker's own snapshot of the store, and the main thread validates and commits what it did.
// Convex's semantics must hold as when the main thread served every call: a conflict runs it again
// and every effect lands, an invalid write throws at the call that made it, its reads see its own
// writes, and a call the worker cannot serve hands the transaction over without losing a write.
import { mkdtempSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { Database } from "../../local-backend/database.mjs";
import { newId } from "../../local-backend/ids.mjs";
import { Committer } from "../../local-backend/transaction.mjs";
import { LocalTransactions, unpackReads } from "../../local-backend/worker-tx.mjs";
import { api } from "./fixture/convex/_generated/api";
import { client, withBackend } from "./helpers";

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
    main.adopt({ ...ran, reads: unpackReads(ran.reads) });
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
});
