// One client cannot break the server: malformed frames close only their own
// connection, and every per-client limit answers with a clear error.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import WebSocket from "ws";
import { ConvexHttpClient } from "convex/browser";
import type { Backend } from "../../local-backend/index.mjs";
import { api } from "./fixture/convex/_generated/api";
import { removeDir, start, tempDir } from "./helpers";

let backend: Backend;
const dir = tempDir("lb-hardening-");

beforeAll(async () => {
  backend = await start({ dataDir: dir, limits: { maxSubscriptions: 5, maxQueuedBytes: 256 * 1024, maxUploadBytes: 1024 } });
});
afterAll(async () => {
  await backend.stop();
  removeDir(dir);
});

interface Outcome {
  messages: { type: string; error?: string }[];
  closed: boolean;
}

/** Sends raw frames and collects what comes back until the socket closes or `waitMs` passes. */
async function exchange(frames: (string | Buffer)[], waitMs = 300): Promise<Outcome> {
  const ws = new WebSocket(`${backend.url.replace("http", "ws")}/api/1.48.0/sync`);
  const out: Outcome = { messages: [], closed: false };
  ws.on("message", (d) => out.messages.push(JSON.parse(d.toString())));
  const closed = new Promise<void>((r) => ws.on("close", () => ((out.closed = true), r())));
  await new Promise((r) => ws.once("open", r));
  for (const f of frames) ws.send(f);
  await Promise.race([closed, new Promise((r) => setTimeout(r, waitMs))]);
  ws.terminate();
  return out;
}

// A small deterministic generator, so a failure reproduces.
function rng(seed: number) {
  return () => ((seed = (seed * 1103515245 + 12345) % 2 ** 31) / 2 ** 31);
}

const TYPES = ["Connect", "ModifyQuerySet", "Authenticate", "Mutation", "Action", "Event", "Nope", ""];

function randomValue(r: () => number, depth = 0): unknown {
  const pick = Math.floor(r() * (depth > 2 ? 6 : 9));
  switch (pick) {
    case 0: return null;
    case 1: return Math.floor(r() * 1e6) - 5e5;
    case 2: return r() > 0.5;
    case 3: return "x".repeat(Math.floor(r() * 20));
    case 4: return { $bytes: "!!" };
    case 5: return { $integer: "nope" };
    case 6: return [randomValue(r, depth + 1), randomValue(r, depth + 1)];
    case 7: return { type: TYPES[Math.floor(r() * TYPES.length)], queryId: randomValue(r, depth + 1), args: randomValue(r, depth + 1) };
    default: return { modifications: [randomValue(r, depth + 1)], udfPath: randomValue(r, depth + 1), baseVersion: randomValue(r, depth + 1) };
  }
}

describe("malformed frames", () => {
  it("closes the offending connection with a FatalError and keeps serving everyone else", async () => {
    const fixed = ["null", "42", "[]", '"Mutation"', "{", "{}", '{"type":null}', Buffer.from([0xff, 0xfe, 0x00]),
      '{"type":"ModifyQuerySet","modifications":null}', '{"type":"ModifyQuerySet","baseVersion":0,"newVersion":1,"modifications":[null]}',
      '{"type":"Mutation","requestId":0,"udfPath":"messages:send","args":[{"$bytes":5}]}', '{"type":"Authenticate","tokenType":"User","baseVersion":0}',
      '{"type":"Action","requestId":"x","udfPath":7,"args":{}}'];
    for (const frame of fixed) {
      const out = await exchange([frame]);
      expect(out.closed, `frame ${String(frame)}`).toBe(true);
      expect(out.messages.some((m) => m.type === "FatalError"), `frame ${String(frame)}`).toBe(true);
    }
    const r = rng(7);
    for (let i = 0; i < 150; i++) {
      const message = { ...(randomValue(r) as object), type: TYPES[i % TYPES.length] };
      await exchange([JSON.stringify(message)], 60);
    }
    const http = new ConvexHttpClient(backend.url);
    await http.mutation(api.messages.send, { channel: "alive", author: "a", body: "still here" });
    expect(await http.query(api.messages.list, { channel: "alive" })).toEqual([{ author: "a", body: "still here" }]);
  });

  it("refuses more subscriptions than the per-connection limit", async () => {
    const adds = Array.from({ length: 6 }, (_, i) => ({ type: "Add", queryId: i, udfPath: "messages:list", args: [{ channel: `c${i}` }] }));
    const out = await exchange([JSON.stringify({ type: "ModifyQuerySet", baseVersion: 0, newVersion: 1, modifications: adds })]);
    expect(out.messages.find((m) => m.type === "FatalError")?.error).toContain("Too many subscriptions");
    expect(out.closed).toBe(true);
  });
});

describe("limits", () => {
  it("disconnects a client that stops reading instead of queueing for it", async () => {
    for (let i = 0; i < 40; i++) await backend.run("messages:send", { channel: "big", author: "b", body: "y".repeat(20_000) });
    const ws = new WebSocket(`${backend.url.replace("http", "ws")}/api/1.48.0/sync`);
    await new Promise((r) => ws.once("open", r));
    const closed = new Promise<void>((r) => ws.on("close", () => r()));
    // Stop reading: the kernel buffers fill, then the server's queue grows.
    (ws as unknown as { _socket: { pause(): void } })._socket.pause();
    ws.send(JSON.stringify({ type: "ModifyQuerySet", baseVersion: 0, newVersion: 1, modifications: [{ type: "Add", queryId: 0, udfPath: "messages:list", args: [{ channel: "big" }] }] }));
    const writer = new ConvexHttpClient(backend.url);
    let done = false;
    void closed.then(() => (done = true));
    for (let i = 0; i < 400 && !done; i++) await writer.mutation(api.messages.send, { channel: "big", author: "b", body: `more ${i}` });
    await closed;
    expect(done).toBe(true);
  });

  it("answers 413 to bodies past the limit, for calls and uploads", async () => {
    const huge = await fetch(`${backend.url}/api/mutation`, {
      method: "POST",
      headers: { "Content-Type": "application/json" },
      body: JSON.stringify({ path: "messages:send", args: { channel: "x", author: "a", body: "z".repeat(17 * 1024 * 1024) } }),
    });
    expect(huge.status).toBe(413);
    const http = new ConvexHttpClient(backend.url);
    const uploadUrl = await http.mutation(api.files.uploadUrl, {});
    const tooBig = await fetch(uploadUrl, { method: "POST", body: new Uint8Array(2048) });
    expect(tooBig.status).toBe(413);
    const fine = await fetch(uploadUrl, { method: "POST", body: new Uint8Array(512) });
    expect(fine.status).toBe(200);
  });
});
