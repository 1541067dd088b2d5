import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ConvexError } from "convex/values";
import { ConvexHttpClient } from "convex/browser";
import { makeFunctionReference } from "convex/server";
import type { Backend } from "../../local-backend/index.mjs";
import { api } from "./fixture/convex/_generated/api";
import { client, mintToken, nextValue, removeDir, start, tempDir } from "./helpers";

let backend: Backend;

/** The error a call rejects with (fails the test if it resolves). */
const errorOf = (p: Promise<unknown>): Promise<Error & { data?: unknown }> =>
  p.then(
    () => new Error("expected the call to fail"),
    (e: Error & { data?: unknown }) => e,
  );
let dir: string;

beforeAll(async () => {
  dir = tempDir();
  backend = await start({ dataDir: dir });
});

afterAll(async () => {
  await backend?.stop();
  removeDir(dir);
});

describe("sync protocol with ConvexClient", () => {
  it("pushes an update to a subscriber after a mutation", async () => {
    const reader = client(backend.url);
    const writer = client(backend.url);
    const initial = await nextValue<unknown[]>(reader, api.messages.list, { channel: "live" }, () => true);
    expect(initial).toEqual([]);
    const updated = nextValue<unknown[]>(reader, api.messages.list, { channel: "live" }, (v) => v.length === 1);
    await writer.mutation(api.messages.send, { channel: "live", author: "ann", body: "hello" });
    expect(await updated).toEqual([{ author: "ann", body: "hello" }]);
    await Promise.all([reader.close(), writer.close()]);
  });

  it("resolves a mutation only once its own subscription reflects it", async () => {
    const c = client(backend.url);
    const seen: number[] = [];
    const unsubscribe = c.onUpdate(api.messages.list, { channel: "own" }, (v) => seen.push(v.length));
    await nextValue(c, api.messages.list, { channel: "own" }, () => true);
    await c.mutation(api.messages.send, { channel: "own", author: "a", body: "1" });
    expect(seen.at(-1)).toBe(1);
    unsubscribe();
    await c.close();
  });

  it("answers a mutation with its value, Convex types included", async () => {
    const c = client(backend.url);
    const echo = makeFunctionReference<"mutation", { value: unknown }, unknown>("store:echo");
    const value = { n: 5n, bytes: new Uint8Array([1, 2, 255]).buffer, text: 'quote " and \\ slash', list: [1.5, null, "x"] };
    expect(await c.mutation(echo, { value })).toEqual(value);
    expect(await c.mutation(echo, { value: null })).toBeNull();
    await c.close();
  });

  it("does not re-run queries whose index range was not written", async () => {
    const c = client(backend.url);
    let updates = 0;
    const unsubscribe = c.onUpdate(api.messages.list, { channel: "quiet" }, () => updates++);
    await nextValue(c, api.messages.list, { channel: "quiet" }, () => true);
    await c.mutation(api.messages.send, { channel: "noisy", author: "a", body: "x" });
    await new Promise((r) => setTimeout(r, 100));
    expect(updates).toBe(1);
    unsubscribe();
    await c.close();
  });

  it("runs each client's queries with its own identity", async () => {
    const alice = client(backend.url);
    const bob = client(backend.url);
    alice.setAuth(() => mintToken(backend.env, "alice|s1"));
    bob.setAuth(() => mintToken(backend.env, "bob|s2"));
    await nextValue(alice, api.notes.mine, {}, (v) => Array.isArray(v));
    await alice.mutation(api.notes.add, { text: "alice note" });
    await bob.mutation(api.notes.add, { text: "bob note" });
    expect(await nextValue(alice, api.notes.mine, {}, (v: string[] | null) => v?.length === 1)).toEqual(["alice note"]);
    expect(await nextValue(bob, api.notes.mine, {}, (v: string[] | null) => v?.length === 1)).toEqual(["bob note"]);
    const who = await nextValue<{ tokenIdentifier: string } | null>(bob, api.notes.whoami, {}, (v) => v !== null);
    expect(who).toEqual({ subject: "bob|s2", tokenIdentifier: `${backend.env.CONVEX_SITE_URL}|bob|s2` });
    await Promise.all([alice.close(), bob.close()]);
  });

  it("shares a query's run and its Transition only among clients of one identity", async () => {
    // Clients in the same state (versions, query ids) subscribed to the same query and arguments:
    // each identity's run and Transition text must reach that identity's clients only.
    const readers = { alice: client(backend.url), alice2: client(backend.url), bob: client(backend.url), anonymous: client(backend.url) };
    readers.alice.setAuth(() => mintToken(backend.env, "alice|s1"));
    readers.alice2.setAuth(() => mintToken(backend.env, "alice|s1"));
    readers.bob.setAuth(() => mintToken(backend.env, "bob|s2"));
    const expected = { alice: "alice|s1", alice2: "alice|s1", bob: "bob|s2", anonymous: null };
    // A client with another query first, so its query ids and versions differ from the others'.
    const other = client(backend.url);
    await nextValue(other, api.messages.latest, { channel: "shared" }, () => true);
    const seen = new Map<string, { viewer: string | null; bodies: string[] }[]>();
    const unsubscribe = [...Object.entries(readers), ["other", other] as const].map(([name, c]) =>
      c.onUpdate(api.messages.listAs, { channel: "shared" }, (v) => seen.set(name, [...(seen.get(name) ?? []), v])),
    );
    for (const [name, c] of Object.entries(readers)) {
      await nextValue(c, api.messages.listAs, { channel: "shared" }, (v: { viewer: string | null }) => v.viewer === expected[name as keyof typeof expected]);
    }
    const writer = client(backend.url);
    await writer.mutation(api.messages.send, { channel: "shared", author: "w", body: "one" });
    for (const c of [...Object.values(readers), other]) {
      await nextValue(c, api.messages.listAs, { channel: "shared" }, (v: { bodies: string[] }) => v.bodies.length === 1);
    }
    for (const [name, values] of seen) {
      const viewer = name === "other" ? null : expected[name as keyof typeof expected];
      expect(values.map((v) => v.viewer), name).toEqual(values.map(() => viewer));
      expect(values.at(-1)?.bodies, name).toEqual(["one"]);
    }
    unsubscribe.forEach((u) => u());
    await Promise.all([...Object.values(readers), other, writer].map((c) => c.close()));
  });

  it("switches identity when the token is refreshed and when auth is cleared", async () => {
    const c = client(backend.url);
    let sub = "carol|1";
    const changes: boolean[] = [];
    c.setAuth(() => mintToken(backend.env, sub), (isAuthenticated) => changes.push(isAuthenticated));
    await nextValue(c, api.notes.whoami, {}, (v: { subject: string } | null) => v?.subject === "carol|1");
    sub = "carol|2";
    c.setAuth(() => mintToken(backend.env, sub));
    await nextValue(c, api.notes.whoami, {}, (v: { subject: string } | null) => v?.subject === "carol|2");
    c.client.clearAuth();
    await nextValue(c, api.notes.whoami, {}, (v) => v === null);
    expect(changes).toContain(true);
    await c.close();
  });

  it("answers an expired or forged token with AuthError and the client refetches", async () => {
    const c = client(backend.url);
    let calls = 0;
    const authStates: boolean[] = [];
    c.setAuth(
      async () => {
        calls++;
        if (calls === 1) return mintToken(backend.env, "dave|1", -60);
        return mintToken(backend.env, "dave|1");
      },
      (ok) => authStates.push(ok),
    );
    const who = await nextValue<{ subject: string } | null>(c, api.notes.whoami, {}, (v) => v !== null);
    expect(who?.subject).toBe("dave|1");
    expect(calls).toBeGreaterThanOrEqual(2);
    await c.close();

    const forged = client(backend.url);
    const states: boolean[] = [];
    forged.setAuth(async () => "not.a.jwt", (ok) => states.push(ok));
    await expect.poll(() => states.at(-1), { timeout: 10_000 }).toBe(false);
    expect(await forged.query(api.notes.whoami, {})).toBeNull();
    await forged.close();
  });

  it("expires a live session's token with AuthError and re-authenticates", async () => {
    const c = client(backend.url);
    let fetches = 0;
    c.setAuth(async () => {
      fetches++;
      return mintToken(backend.env, "erin|1", fetches === 1 ? 3 : 3600);
    });
    await nextValue(c, api.notes.whoami, {}, (v) => v !== null);
    await expect.poll(() => fetches, { timeout: 10_000 }).toBeGreaterThanOrEqual(2);
    expect(await c.query(api.notes.whoami, {})).toMatchObject({ subject: "erin|1" });
    await c.close();
  });

  it("delivers ConvexError data and Convex's validator / lookup messages", async () => {
    const c = client(backend.url);
    const err = await errorOf(c.mutation(api.notes.add, { text: "x" }));
    expect(err).toBeInstanceOf(ConvexError);
    expect(err.data).toEqual({ code: "NOT_AUTHENTICATED", message: "Sign in first" });

    const invalid = await errorOf(c.mutation(api.messages.send, { channel: 1 } as never));
    expect(invalid.message).toMatch(/ArgumentValidationError: Object is missing the required field `author`|ArgumentValidationError: Value does not match validator/);

    const missing = await errorOf(c.query(makeFunctionReference<"query">("nope:nothing"), {}));
    expect(missing.message).toContain("Could not find public function for 'nope:nothing'");

    const internalCall = await errorOf(c.mutation(makeFunctionReference<"mutation">("messages:clearChannel"), { channel: "x" }));
    expect(internalCall.message).toContain("Could not find public function for 'messages:clearChannel'");

    const crash = await errorOf(c.mutation(api.notes.boom, {}));
    expect(crash.message).toContain("Uncaught Error: kaboom");
    expect(await c.query(api.messages.count, {})).toBeTypeOf("number");
    await c.close();
  });

  it("serves the HTTP API for ConvexHttpClient with the same error shapes", async () => {
    const http = new ConvexHttpClient(backend.url);
    await http.mutation(api.messages.send, { channel: "http", author: "h", body: "b" });
    expect(await http.query(api.messages.list, { channel: "http" })).toEqual([{ author: "h", body: "b" }]);
    const err = await errorOf(http.mutation(api.notes.add, { text: "y" }));
    expect(err).toBeInstanceOf(ConvexError);
    expect(err.data).toMatchObject({ code: "NOT_AUTHENTICATED" });
    http.setAuth(await mintToken(backend.env, "frank|1"));
    await http.mutation(api.notes.add, { text: "frank" });
    expect(await http.query(api.notes.mine, {})).toEqual(["frank"]);
    const tooLong = await errorOf(http.mutation(api.notes.add, { text: "x".repeat(30) }));
    expect(tooLong.data).toEqual({ code: "INVALID", message: "Too long" });
  });
});

describe("storage, scheduling and HTTP routes", () => {
  it("uploads to generateUploadUrl and serves getUrl", async () => {
    const http = new ConvexHttpClient(backend.url);
    const uploadUrl = await http.mutation(api.files.uploadUrl, {});
    expect(uploadUrl.startsWith(`${backend.url}/api/storage/upload`)).toBe(true);
    const res = await fetch(uploadUrl, { method: "POST", headers: { "Content-Type": "image/png" }, body: new Uint8Array([1, 2, 3]) });
    const { storageId } = (await res.json()) as { storageId: string };
    await http.mutation(api.files.save, { storageId: storageId as never, name: "pic" });
    const [file] = await http.query(api.files.list, {});
    const blob = await fetch(file.url!);
    expect(blob.headers.get("content-type")).toBe("image/png");
    expect(new Uint8Array(await blob.arrayBuffer())).toEqual(new Uint8Array([1, 2, 3]));
    const bad = await fetch(`${backend.url}/api/storage/upload?token=forged`, { method: "POST", body: "x" });
    expect(bad.status).toBe(401);
  });

  it("stores blobs from actions with their type, behind a capability URL", async () => {
    const http = new ConvexHttpClient(backend.url);
    const storageId = await http.action(api.files.storeText, { text: "from action" });
    const url = (await http.query(api.files.url, { storageId }))!;
    expect(new URL(url).searchParams.get("token")).toMatch(/^[\w-]{40,}$/);
    const res = await fetch(url);
    expect(res.headers.get("content-type")).toBe("text/plain");
    expect(await res.text()).toBe("from action");
    // The id alone, or a token of another file, opens nothing.
    expect((await fetch(`${backend.url}/api/storage/${storageId}`)).status).toBe(404);
    const other = await http.action(api.files.storeText, { text: "other" });
    const otherToken = new URL((await http.query(api.files.url, { storageId: other }))!).searchParams.get("token");
    expect((await fetch(`${backend.url}/api/storage/${storageId}?token=${otherToken}`)).status).toBe(404);
  });

  it("runs scheduled functions at their time and updates subscribers", async () => {
    const c = client(backend.url);
    await nextValue(c, api.jobs.list, {}, () => true);
    const start = Date.now();
    await c.mutation(api.jobs.later, { label: "soon", delayMs: 300 });
    await nextValue(c, api.jobs.list, {}, (v: string[]) => v.includes("soon"));
    expect(Date.now() - start).toBeGreaterThanOrEqual(250);
    await c.close();
  });

  it("serves convex/http.ts routes on the site port", async () => {
    const res = await fetch(`${backend.siteUrl}/hello?name=ann`);
    expect(await res.json()).toMatchObject({ hello: "ann" });
    const echo = await fetch(`${backend.siteUrl}/echo`, { method: "POST", body: "ping" });
    expect(echo.status).toBe(201);
    expect(await echo.text()).toBe("ping");
    expect((await fetch(`${backend.siteUrl}/missing`)).status).toBe(404);
  });
});
