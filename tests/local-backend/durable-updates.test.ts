// Live queries re-run as soon as a commit is accepted, while it is still being synced
// (live.mjs): what a client receives must still never come from a commit a crash could
// undo. The query runner is a stand-in that answers from the accepted commit when the
// re-run may read it (`pending`) and says so (`asOf`), as the executor does. A query run in a
// worker (`inWorker`) reads that worker's own snapshot of what is on disk instead.
import { describe, expect, it, vi } from "vitest";
import { Live } from "../../local-backend/live.mjs";
import { encodeTs } from "../../local-backend/protocol.mjs";
import { Session } from "../../local-backend/sync.mjs";

const INDEX = Buffer.from([0, 0, 0, 9]);
const key = (...bytes: number[]) => Buffer.concat([INDEX, Buffer.from(bytes)]);
const reads = { intervals: [{ lo: key(1), hi: key(2) }], tables: new Set<string>() };
const changes = [{ table: "messages", keys: [key(1, 5)] }];

type Sent = { type: string; modifications?: { value?: unknown }[]; endVersion?: { ts: string } };

function fakeSocket() {
  const sent: Sent[] = [];
  return { sent, ws: { readyState: 1, bufferedAmount: 0, on: () => {}, send: (text: string) => sent.push(JSON.parse(text)), close: () => {}, terminate: () => {} } };
}

/** A session on `socket` that subscribes to `udfPath` as its query 0; `options` adds to its constructor's. */
function subscribe(live: Live, call: (req: never) => Promise<unknown>, udfPath: string, socket = fakeSocket(), options: Record<string, unknown> = {}) {
  const session = new Session({ ws: socket.ws as never, ...options, live, call: call as never, verify: async () => null, log: () => {} });
  session.onMessage(JSON.stringify({ type: "ModifyQuerySet", baseVersion: 0, newVersion: 1, modifications: [{ type: "Add", queryId: 0, udfPath, args: [{}] }] }));
  return { session, sent: socket.sent };
}

describe("live query updates", () => {
  it("re-run while the commit is written, reach the client only once it is durable", async () => {
    type State = { ts: bigint; rows: string[] };
    const db: { durable: State; accepted: State } = { durable: { ts: 1n, rows: ["a"] }, accepted: { ts: 1n, rows: ["a"] } };
    const runs: boolean[] = [];
    const call = async (req: { kind?: string; pending?: boolean }) => {
      if (req.kind === "mutation") return { ok: true, value: null, logLines: [], commitTs: 2n };
      runs.push(Boolean(req.pending));
      const through = req.pending && db.accepted.ts > db.durable.ts;
      const state = through ? db.accepted : db.durable;
      return { ok: true, value: state.rows, logLines: [], reads, asOf: state.ts, overlaid: new Set(through ? ["messages"] : []) };
    };
    const live = new Live({ call, lastTs: 1n });
    const { session, sent } = subscribe(live, call, "messages:list");
    try {
      await vi.waitFor(() => expect(sent.at(-1)?.modifications?.[0]?.value).toEqual(["a"]));
      const before = sent.length;

      // Two commits accepted, neither on disk yet: the query re-runs now, through both...
      live.onAccept(changes, 2n);
      db.accepted = { ts: 3n, rows: ["a", "b", "c"] };
      live.onAccept(changes, 3n);
      await vi.waitFor(() => expect(runs).toEqual([false, true]));
      await vi.waitFor(() => expect(live.flushing).toBeNull());
      // ...but the client is sent nothing from it.
      expect(sent.length).toBe(before);

      // The first is durable and the client's mutation at its timestamp is answered: a Transition
      // at that timestamp would claim the old rows include it, so none is sent yet.
      db.durable = { ts: 2n, rows: ["a", "b"] };
      live.onCommit(changes, 2n);
      session.onMessage(JSON.stringify({ type: "Mutation", requestId: 1, udfPath: "messages:send", args: [{}] }));
      await vi.waitFor(() => expect(sent.at(-1)?.type).toBe("MutationResponse"));
      await vi.waitFor(() => expect(live.flushing).toBeNull());
      expect(sent.slice(before).map((m) => m.type)).toEqual(["MutationResponse"]);

      // Both durable: the result it already has goes out, at the newest timestamp, without another run.
      db.durable = db.accepted;
      live.onCommit(changes, 3n);
      await vi.waitFor(() => expect(sent.at(-1)?.type).toBe("Transition"));
      expect(sent.at(-1)).toMatchObject({ endVersion: { ts: encodeTs(3n) }, modifications: [{ value: ["a", "b", "c"] }] });
      expect(runs).toEqual([false, true]);
    } finally {
      session.close();
    }
  });

  it("send a mutation's answer and the Transition showing its write in one write to the socket", async () => {
    const db = { durable: { ts: 1n, rows: ["a"] }, accepted: { ts: 1n, rows: ["a"] } };
    // The mutation commits as the backend's does: accepted (its readers re-run through it), then durable.
    const call = async (req: { kind?: string; pending?: boolean }) => {
      if (req.kind === "mutation") {
        db.accepted = { ts: 2n, rows: ["a", "b"] };
        live.onAccept(changes, 2n);
        // Its reader's re-run through it is held until it is durable.
        await vi.waitFor(() => expect(live.held.size).toBe(1));
        db.durable = db.accepted;
        live.onCommit(changes, 2n);
        return { ok: true, value: null, logLines: [], commitTs: 2n };
      }
      const through = req.pending && db.accepted.ts > db.durable.ts;
      const state = through ? db.accepted : db.durable;
      return { ok: true, value: state.rows, logLines: [], reads, asOf: state.ts, overlaid: new Set(through ? ["messages"] : []) };
    };
    const live = new Live({ call, lastTs: 1n });
    const fake = fakeSocket();
    const writes: string[] = [];
    const send = fake.ws.send;
    fake.ws.send = (text: string) => writes.push(JSON.parse(text).type) && send(text);
    const socket = { cork: () => writes.push("cork"), uncork: () => writes.push("uncork") };
    const { session, sent } = subscribe(live, call, "messages:list", fake, { socket });
    try {
      await vi.waitFor(() => expect(sent.at(-1)?.modifications?.[0]?.value).toEqual(["a"]));
      writes.length = 0;
      session.onMessage(JSON.stringify({ type: "Mutation", requestId: 1, udfPath: "messages:send", args: [{}] }));
      await vi.waitFor(() => expect(writes).toContain("Transition"));
      // Both go out together when the socket is uncorked: one send, read by the client at once.
      expect(writes).toEqual(["cork", "MutationResponse", "Transition", "uncork"]);
      expect(sent.at(-1)).toMatchObject({ type: "Transition", endVersion: { ts: encodeTs(2n) }, modifications: [{ value: ["a", "b"] }] });
    } finally {
      session.close();
    }
  });

  it("re-run a query that counted or searched a table only on durable data", async () => {
    const db = { durable: { ts: 1n, n: 1 }, accepted: { ts: 1n, n: 1 } };
    const runs: boolean[] = [];
    const wholeTable = { intervals: [], tables: new Set(["messages"]) };
    // A whole-table read does not see the commits laid over the snapshot: the stand-in
    // answers from the durable state then, as the store's count and search do.
    const call = async (req: { pending?: boolean }) => {
      runs.push(Boolean(req.pending));
      const through = req.pending && db.accepted.ts > db.durable.ts;
      return { ok: true, value: db.durable.n, logLines: [], reads: wholeTable, asOf: through ? db.accepted.ts : db.durable.ts, overlaid: new Set(through ? ["messages"] : []) };
    };
    const live = new Live({ call, lastTs: 1n });
    const { session, sent } = subscribe(live, call, "messages:count");
    const counted = [{ table: "messages", keys: [key(1, 5)] }];
    try {
      await vi.waitFor(() => expect(sent.at(-1)?.modifications?.[0]?.value).toBe(1));
      const before = sent.length;

      db.accepted = { ts: 2n, n: 2 };
      live.onAccept(counted, 2n);
      await vi.waitFor(() => expect(runs.length).toBeGreaterThanOrEqual(2));
      await vi.waitFor(() => expect(live.flushing).toBeNull());
      expect(sent.length).toBe(before);

      db.durable = db.accepted;
      live.onCommit(counted, 2n);
      // The count shown is the durable one after the commit, never the stale 1 at ts 2.
      await vi.waitFor(() => expect(sent.length).toBe(before + 1));
      expect(sent.at(-1)).toMatchObject({ type: "Transition", endVersion: { ts: encodeTs(2n) }, modifications: [{ value: 2 }] });
    } finally {
      session.close();
    }
  });

  it("reach a released result's readers before the same flush starts another re-run", async () => {
    const db = { durable: { ts: 1n, rows: ["a"] }, accepted: { ts: 1n, rows: ["a"] } };
    const wholeTable = { intervals: [], tables: new Set(["messages"]) };
    const listed: ReturnType<typeof fakeSocket>[] = [fakeSocket(), fakeSocket(), fakeSocket()];
    /** What the list's readers had been sent when each durable re-run of the count began. */
    const atCountRun: number[][] = [];
    const call = async (req: { path?: string; pending?: boolean }) => {
      const through = req.pending && db.accepted.ts > db.durable.ts;
      const state = through ? db.accepted : db.durable;
      const overlaid = new Set(through ? ["messages"] : []);
      if (req.path === "messages:list") return { ok: true, value: state.rows, logLines: [], reads, asOf: state.ts, overlaid };
      // The count reads the whole table: it re-runs on durable data only, once the commit is on disk.
      if (!req.pending) atCountRun.push(listed.map(({ sent }) => sent.length));
      return { ok: true, value: db.durable.rows.length, logLines: [], reads: wholeTable, asOf: state.ts, overlaid };
    };
    const live = new Live({ call, lastTs: 1n });
    const open = (socket: ReturnType<typeof fakeSocket>, udfPath: string) => subscribe(live, call, udfPath, socket).session;
    const counter = fakeSocket();
    const sessions = [...listed.map((socket) => open(socket, "messages:list")), open(counter, "messages:count")];
    try {
      await vi.waitFor(() => expect([...listed, counter].map(({ sent }) => sent.length)).toEqual([1, 1, 1, 1]));
      atCountRun.length = 0;
      db.accepted = { ts: 2n, rows: ["a", "b"] };
      live.onAccept(changes, 2n);
      // The list re-runs through the commit (held); the count, on durable data (nothing new yet).
      await vi.waitFor(() => expect(atCountRun).toEqual([[1, 1, 1]]));
      await vi.waitFor(() => expect(live.flushing).toBeNull());
      atCountRun.length = 0;

      db.durable = db.accepted;
      live.onCommit(changes, 2n);
      await vi.waitFor(() => expect(counter.sent.length).toBe(2));
      // The list's new rows were re-run early and held; once durable they went to every reader
      // before the count's re-run began (a long re-run does not hold up a result already made).
      expect(atCountRun).toEqual([[2, 2, 2]]);
      for (const { sent } of listed) expect(sent[1]).toMatchObject({ type: "Transition", endVersion: { ts: encodeTs(2n) }, modifications: [{ value: ["a", "b"] }] });
      expect(counter.sent[1]).toMatchObject({ endVersion: { ts: encodeTs(2n) }, modifications: [{ value: 2 }] });
    } finally {
      for (const session of sessions) session.close();
    }
  });

  it("re-run in a worker through a lone accepted commit, wait for several, and reach the client only once durable", async () => {
    type State = { ts: bigint; rows: string[] };
    // What is on disk, and what has been accepted: a worker's snapshot may hold a commit the main
    // thread is not told of yet, and a re-run may read accepted commits laid over it.
    let disk: State = { ts: 1n, rows: ["a"] };
    let accepted: State = disk;
    const runs: { pending: boolean; inWorker: boolean }[] = [];
    const call = async (req: { pending?: boolean; inWorker?: boolean }) => {
      runs.push({ pending: Boolean(req.pending), inWorker: Boolean(req.inWorker) });
      const through = req.pending && accepted.ts > disk.ts;
      const state = through ? accepted : disk;
      return { ok: true, value: state.rows, logLines: [], reads, asOf: state.ts, overlaid: new Set(through ? ["messages"] : []) };
    };
    const live = new Live({ call, lastTs: 1n, readsInWorker: () => true });
    const { session, sent } = subscribe(live, call, "messages:list");
    try {
      await vi.waitFor(() => expect(sent.at(-1)?.modifications?.[0]?.value).toEqual(["a"]));
      const before = sent.length;

      // Accepted, not on disk: the worker re-runs now, through it (while the disk syncs)...
      accepted = { ts: 2n, rows: ["a", "b"] };
      live.onAccept(changes, 2n);
      await vi.waitFor(() => expect(runs).toEqual([{ pending: false, inWorker: true }, { pending: true, inWorker: true }]));
      await vi.waitFor(() => expect(live.flushing).toBeNull());
      // ...and the client is sent nothing from it until it is durable.
      expect(sent.length).toBe(before);
      disk = accepted;
      live.onCommit(changes, 2n);
      await vi.waitFor(() => expect(sent.length).toBe(before + 1));
      expect(sent.at(-1)).toMatchObject({ type: "Transition", endVersion: { ts: encodeTs(2n) }, modifications: [{ value: ["a", "b"] }] });

      // Several commits under way (a busy server): the re-run waits until they are durable and
      // reads them all in one run.
      accepted = { ts: 4n, rows: ["a", "b", "c", "d"] };
      live.onAccept(changes, 3n);
      live.onAccept(changes, 4n);
      for (let i = 0; i < 5; i++) await new Promise((resolve) => setImmediate(resolve));
      expect(runs).toHaveLength(2);
      disk = { ts: 3n, rows: ["a", "b", "c"] };
      live.onCommit(changes, 3n);
      for (let i = 0; i < 5; i++) await new Promise((resolve) => setImmediate(resolve));
      expect(runs).toHaveLength(2);
      disk = accepted;
      live.onCommit(changes, 4n);
      await vi.waitFor(() => expect(sent.length).toBe(before + 2));
      expect(runs).toEqual([{ pending: false, inWorker: true }, { pending: true, inWorker: true }, { pending: false, inWorker: true }]);
      expect(sent.at(-1)).toMatchObject({ type: "Transition", endVersion: { ts: encodeTs(4n) }, modifications: [{ value: ["a", "b", "c", "d"] }] });
    } finally {
      session.close();
    }
  });
});
