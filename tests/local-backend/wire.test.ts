// The raw messages, checked against the shapes in convex/browser/sync/protocol.js.
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import WebSocket from "ws";
import type { Backend } from "../../local-backend/index.mjs";
import { mintToken, removeDir, start, tempDir } from "./helpers";

let backend: Backend;
const dir = tempDir("lb-wire-");

beforeAll(async () => {
  backend = await start({ dataDir: dir });
});
afterAll(async () => {
  await backend.stop();
  removeDir(dir);
});

interface Version {
  querySet: number;
  identity: number;
  ts: string;
}
interface Msg {
  type: string;
  startVersion: Version;
  endVersion: Version;
  modifications: { value?: unknown }[];
  ts: string;
  [key: string]: unknown;
}

/** Frames a browser would have received as a Blob (must stay empty: checked after each test). */
const binaryFrames: string[] = [];
afterEach(() => expect(binaryFrames.splice(0)).toEqual([]));

async function connect() {
  const ws = new WebSocket(`${backend.url.replace("http", "ws")}/api/1.48.0/sync`);
  const inbox: Msg[] = [];
  const waiters: (() => void)[] = [];
  ws.on("message", (d, isBinary) => {
    // A browser's WebSocket hands a binary frame over as a Blob, which Convex's client cannot parse.
    if (isBinary) binaryFrames.push(d.toString().slice(0, 80));
    inbox.push(JSON.parse(d.toString()));
    waiters.splice(0).forEach((w) => w());
  });
  await new Promise((r) => ws.once("open", r));
  const send = (m: Record<string, unknown>) => ws.send(JSON.stringify(m));
  const next = async (type: string): Promise<Msg> => {
    for (;;) {
      const i = inbox.findIndex((m) => m.type === type);
      if (i !== -1) return inbox.splice(i, 1)[0];
      await new Promise<void>((r) => waiters.push(r));
    }
  };
  send({ type: "Connect", sessionId: "s", connectionCount: 0, lastCloseReason: null, clientTs: 0 });
  return { ws, send, next, inbox };
}

const u64 = (b64: string) => Buffer.from(b64, "base64").readBigUInt64LE();

describe("wire format", () => {
  it("versions Transitions and answers a mutation before the Transition that covers it", async () => {
    const { ws, send, next, inbox } = await connect();
    send({ type: "ModifyQuerySet", baseVersion: 0, newVersion: 1, modifications: [{ type: "Add", queryId: 0, udfPath: "messages:list", args: [{ channel: "w" }] }] });
    const first = await next("Transition");
    expect(first.startVersion).toEqual({ querySet: 0, identity: 0, ts: Buffer.alloc(8).toString("base64") });
    expect(first.endVersion.querySet).toBe(1);
    expect(first.modifications).toEqual([{ type: "QueryUpdated", queryId: 0, value: [], logLines: [], journal: null }]);

    send({ type: "Mutation", requestId: 0, udfPath: "messages:send", args: [{ channel: "w", author: "a", body: "b" }] });
    const response = await next("MutationResponse");
    expect(response).toMatchObject({ success: true, requestId: 0, logLines: ["[LOG] sending b"] });
    const update = await next("Transition");
    expect(inbox.indexOf(update)).toBe(-1);
    expect(update.startVersion).toEqual(first.endVersion);
    expect(u64(update.endVersion.ts)).toBeGreaterThanOrEqual(u64(response.ts));
    expect(update.modifications[0].value).toEqual([{ author: "a", body: "b" }]);
    ws.close();
  });

  it("keeps a live page's end fixed with a query journal, as Convex does", async () => {
    for (const body of ["1", "2", "3"]) await backend.run("messages:send", { channel: "pages", author: "p", body });
    const { ws, send, next } = await connect();
    const args = { channel: "pages", paginationOpts: { numItems: 2, cursor: null } };
    send({ type: "ModifyQuerySet", baseVersion: 0, newVersion: 1, modifications: [{ type: "Add", queryId: 0, udfPath: "messages:page", args: [args] }] });
    const first = (await next("Transition")).modifications[0] as { value: { page: { body: string }[]; isDone: boolean }; journal: string };
    expect(first.value.page.map((m) => m.body)).toEqual(["3", "2"]);
    expect(first.value.isDone).toBe(false);
    expect(first.journal).toBeTypeOf("string");

    await backend.run("messages:send", { channel: "pages", author: "p", body: "4" });
    const grown = (await next("Transition")).modifications[0] as typeof first;
    expect(grown.value.page.map((m) => m.body)).toEqual(["4", "3", "2"]);
    expect(grown.value.isDone).toBe(false);
    ws.close();
  });

  it("sends AuthError with authUpdateAttempted for a bad token, and on expiry", async () => {
    const bad = await connect();
    bad.send({ type: "Authenticate", tokenType: "User", value: "bad", baseVersion: 0 });
    expect(await bad.next("AuthError")).toMatchObject({ baseVersion: 0, authUpdateAttempted: true });

    const live = await connect();
    live.send({ type: "Authenticate", tokenType: "User", value: await mintToken(backend.env, "u|1", 1), baseVersion: 0 });
    const confirmed = await live.next("Transition");
    expect(confirmed.endVersion.identity).toBe(1);
    const expired = await live.next("AuthError");
    expect(expired).toMatchObject({ baseVersion: 1, authUpdateAttempted: false });
  });

  it("runs a mutation sent right after Authenticate as the newly signed-in user", async () => {
    const { ws, send, next } = await connect();
    // Both frames leave in one go, as a reconnecting client replays them.
    send({ type: "Authenticate", tokenType: "User", value: await mintToken(backend.env, "u|ordered"), baseVersion: 0 });
    send({ type: "Mutation", requestId: 7, udfPath: "notes:add", args: [{ text: "queued offline" }] });
    expect(await next("MutationResponse")).toMatchObject({ requestId: 7, success: true });
    ws.close();
  });
});
