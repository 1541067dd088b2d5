// Live queries re-run as soon as a commit is accepted, while it is still being synced
// (live.mjs): what a client receives must still never come from a commit a crash could
// undo. The query runner is a stand-in that answers from the accepted commit when the
// re-run may read it (`pending`) and says so (`asOf`), as the executor does.
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
    const { ws, sent } = fakeSocket();
    const session = new Session({ ws: ws as never, live, call, verify: async () => null, log: () => {} });
    try {
      session.onMessage(JSON.stringify({ type: "ModifyQuerySet", baseVersion: 0, newVersion: 1, modifications: [{ type: "Add", queryId: 0, udfPath: "messages:list", args: [{}] }] }));
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
    const { ws, sent } = fakeSocket();
    const writes: string[] = [];
    const send = ws.send;
    ws.send = (text: string) => writes.push(JSON.parse(text).type) && send(text);
    const socket = { cork: () => writes.push("cork"), uncork: () => writes.push("uncork") };
    const session = new Session({ ws: ws as never, socket, live, call, verify: async () => null, log: () => {} });
    try {
      session.onMessage(JSON.stringify({ type: "ModifyQuerySet", baseVersion: 0, newVersion: 1, modifications: [{ type: "Add", queryId: 0, udfPath: "messages:list", args: [{}] }] }));
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
    const { ws, sent } = fakeSocket();
    const session = new Session({ ws: ws as never, live, call, verify: async () => null, log: () => {} });
    const counted = [{ table: "messages", keys: [key(1, 5)] }];
    try {
      session.onMessage(JSON.stringify({ type: "ModifyQuerySet", baseVersion: 0, newVersion: 1, modifications: [{ type: "Add", queryId: 0, udfPath: "messages:count", args: [{}] }] }));
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
});
