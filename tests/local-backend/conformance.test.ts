// Conformance: small apps of our own, each exercising Convex rules, run on
// the local backend with the unmodified `convex` clients. Each expectation is
// Convex's documented behaviour (sources in local-backend/README.md).
import { cpSync, rmSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import vm from "node:vm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ConvexHttpClient } from "convex/browser";
import { anyApi } from "convex/server";
import { open } from "lmdb";
import { DATA_FILE } from "../../local-backend/database.mjs";
import type { Backend } from "../../local-backend/index.mjs";
import { mintToken, removeDir, start, tempDir } from "./helpers";

const app = (name: string) => fileURLToPath(new URL(`./conformance/${name}/convex`, import.meta.url));
const api = anyApi;
const failure = (p: Promise<unknown>) => p.then(() => "succeeded", (e: Error) => e.message);

function withApp(name: string) {
  const ctx = { backend: null as unknown as Backend, http: null as unknown as ConvexHttpClient, dir: "" };
  beforeAll(async () => {
    ctx.dir = tempDir(`lb-${name}-`);
    ctx.backend = await start({ dataDir: ctx.dir, convexDir: app(name) });
    ctx.http = new ConvexHttpClient(ctx.backend.url, { logger: false });
  });
  afterAll(async () => {
    await ctx.backend?.stop();
    removeDir(ctx.dir);
  });
  return ctx;
}

describe("runtime", () => {
  const ctx = withApp("runtime");

  it("freezes Date.now() and new Date() for a query's whole execution", async () => {
    const { first, later, date } = await ctx.http.query(api.rules.clock, {});
    expect(later).toBe(first);
    expect(date).toBe(first);
  });

  it("hides Node's globals from functions outside \"use node\" files, and keeps them there", async () => {
    expect(await ctx.http.query(api.rules.nodeGlobals, {})).toEqual({
      buffer: "ReferenceError",
      setImmediate: "ReferenceError",
      version: null,
      fetch: "refused",
      crypto: "function",
      textEncoder: "function",
    });
    expect(await ctx.http.action(api.node.version, {})).toEqual({ node: true, buffer: "aGk=" });
  });

  it("gives functions the deployment's variables, not the shell's", async () => {
    expect(process.env.PATH).toBeTruthy();
    expect(await ctx.http.query(api.rules.env, {})).toEqual({ cloud: ctx.backend.url, site: ctx.backend.siteUrl, home: null, path: null });
  });

  it("applies Convex's document limits", async () => {
    expect(await failure(ctx.http.mutation(api.rules.store, { data: "x".repeat(1_100_000) }))).toMatch(/Value is too large/);
    expect(await failure(ctx.http.mutation(api.rules.store, { data: Array.from({ length: 9000 }, () => 1) }))).toMatch(/Array length is too long/);
    let deep: unknown = 1;
    for (let i = 0; i < 20; i++) deep = { d: deep };
    expect(await failure(ctx.http.mutation(api.rules.store, { data: deep }))).toMatch(/too nested/);
    expect(await ctx.http.mutation(api.rules.store, { data: "x".repeat(1000) })).toBeTypeOf("string");
  });

  it("reads a document near the size limit back whole (a worker's answer larger than its shared buffer)", async () => {
    const data = "x".repeat(900_000);
    const id = await ctx.http.mutation(api.rules.store, { data });
    expect(await ctx.http.query(api.rules.thing, { id })).toBe(data);
  });

  it("applies Convex's transaction limits: writes, reads and functions scheduled", async () => {
    expect(await failure(ctx.http.mutation(api.rules.fill, { count: 16_500 }))).toMatch(/Too many documentsWritten/);
    for (let i = 0; i < 9; i++) await ctx.http.mutation(api.rules.fill, { count: 4_000 });
    expect(await failure(ctx.http.query(api.rules.readAll, {}))).toMatch(/Too many documentsRead/);
    expect(await failure(ctx.http.mutation(api.rules.scheduleMany, { count: 1_001 }))).toMatch(/Too many functions scheduled/);
  });

  it("stops a query that runs longer than 1 s", async () => {
    // It would spin for a minute: stopped once it has run for 1 s, of wall time and of CPU time
    // (thread-cpu.mjs), which on a starved machine comes later than 1.5 s of wall time.
    expect(await failure(ctx.http.query(api.rules.spin, { ms: 60_000 }))).toMatch(/Function execution timed out \(maximum duration: 1s\)/);
    expect(await ctx.http.query(api.rules.spin, { ms: 100 })).toBeNull();
  });

  it("records a failed scheduled function with its error and completedTime", async () => {
    const id = await ctx.http.mutation(api.rules.scheduleFailing, {});
    await expect
      .poll(async () => (await ctx.http.query(api.rules.job, { id }))?.state?.kind, { timeout: 10_000 })
      .toBe("failed");
    const job = await ctx.http.query(api.rules.job, { id });
    expect(job.state.error).toContain("scheduled failure");
    expect(job.completedTime).toBeTypeOf("number");
    expect(job.name).toBe("rules:fail");
  });

  it("accepts no token when the app has no auth.config.ts provider for it", async () => {
    const http = new ConvexHttpClient(ctx.backend.url, { logger: false });
    http.setAuth(await mintToken(ctx.backend.env, "someone|1"));
    expect(await failure(http.query(api.rules.whoami, {}))).toMatch(/No auth provider found/);
    expect(await ctx.http.query(api.rules.whoami, {})).toBeNull();
  });

  it("hands HTTP actions the request's real URL", async () => {
    const text = await fetch(`${ctx.backend.siteUrl}/whereami?x=1`).then((r) => r.text());
    expect(text).toBe(`${ctx.backend.siteUrl}/whereami?x=1`);
  });
});

describe("runtime of npm packages", () => {
  // The fixture's package goes into its node_modules (git-ignored), where functions import it from.
  const probeDir = fileURLToPath(new URL("./conformance/isolate/node_modules/globals-probe", import.meta.url));
  beforeAll(() => cpSync(fileURLToPath(new URL("./conformance/isolate/globals-probe", import.meta.url)), probeDir, { recursive: true }));
  afterAll(() => rmSync(probeDir, { recursive: true, force: true }));
  const ctx = withApp("isolate");

  it("gives a package imported by a query Convex's globals, not Node's, and frozen time", async () => {
    expect(await ctx.http.query(api.probe.fromPackage, {})).toEqual({
      buffer: "undefined",
      setImmediate: "undefined",
      global: "undefined",
      process: ["env"],
      versions: "undefined",
      home: null,
      path: null,
      cloud: ctx.backend.url,
      site: ctx.backend.siteUrl,
      web: true,
      uint8Array: true,
      frozen: true,
    });
  });

  it("has the globals of Convex's runtime beyond JavaScript's own, and nothing else", async () => {
    const javascript = new Set(vm.runInNewContext("Object.getOwnPropertyNames(globalThis)") as string[]);
    const extra = ((await ctx.http.query(api.probe.globals, {})) as string[]).filter((name) => !javascript.has(name));
    expect(extra.sort()).toEqual([
      "AbortController", "AbortSignal", "AsyncLocalStorage", "AsyncResource", "Blob", "ByteLengthQueuingStrategy",
      "Convex", "CountQueuingStrategy", "Crypto", "CryptoKey", "DOMException", "Event", "EventTarget", "File", "FormData",
      "Headers", "ReadableByteStreamController", "ReadableStream", "ReadableStreamBYOBReader", "ReadableStreamBYOBRequest",
      "ReadableStreamDefaultController", "ReadableStreamDefaultReader", "Request", "Response", "SubtleCrypto",
      "TextDecoder", "TextDecoderStream", "TextEncoder", "TextEncoderStream", "TransformStream",
      "TransformStreamDefaultController", "URL", "URLSearchParams", "WritableStream", "WritableStreamDefaultController",
      "WritableStreamDefaultWriter", "atob", "btoa", "clearInterval", "clearTimeout", "crypto", "fetch", "performance",
      "process", "queueMicrotask", "self", "setInterval", "setTimeout", "structuredClone",
    ].sort());
  });

  it("stores bytes made by Web Crypto as bytes", async () => {
    const { isArrayBuffer, bytes } = await ctx.http.mutation(api.probe.storeDigest, { text: "abc" });
    expect(isArrayBuffer).toBe(true);
    expect(Buffer.from(bytes).toString("hex")).toBe("ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad");
  });

  it("lets actions fetch, with the same globals", async () => {
    expect(await ctx.http.action(api.probe.fetchSite, {})).toMatchObject({ text: "pong", buffer: "undefined", versions: "undefined", home: null, site: ctx.backend.siteUrl });
  });
});

describe("\"use node\" files", () => {
  it("may define actions only: an app with a query there does not load", async () => {
    const dir = tempDir("lb-node-query-");
    await expect(start({ dataDir: dir, convexDir: app("node-query") })).rejects.toThrow(/lookup\.js:find is a query in a "use node" file/);
    removeDir(dir);
  });
});

describe("crons", () => {
  const ctx = withApp("crons");

  it("runs convex/crons.ts on time and records every job's schedule", async () => {
    await expect.poll(() => ctx.http.query(api.ticks.count, {}), { timeout: 10_000, interval: 200 }).toBeGreaterThanOrEqual(2);
    const jobs = (await ctx.http.query(api.ticks.jobs, {})) as { name: string; nextTs: number; prevTs: number | null }[];
    expect(jobs.map((j) => j.name).sort()).toEqual(["every second", "nightly", "weekday mornings"]);
    const nightly = new Date(jobs.find((j) => j.name === "nightly")!.nextTs);
    expect([nightly.getUTCHours(), nightly.getUTCMinutes()]).toEqual([3, 15]);
    const weekday = new Date(jobs.find((j) => j.name === "weekday mornings")!.nextTs);
    expect(weekday.getUTCHours()).toBe(9);
    expect([1, 2, 3, 4, 5]).toContain(weekday.getUTCDay());
    expect(jobs.find((j) => j.name === "every second")!.prevTs).toBeTypeOf("number");
  });
});

describe("schemaless apps", () => {
  const ctx = withApp("schemaless");

  it("start and store documents of any shape", async () => {
    await ctx.http.mutation(api.notes.add, { text: "no schema" });
    expect(await ctx.http.query(api.notes.list, {})).toEqual(["no schema"]);
  });
});

describe("search and pagination", () => {
  const ctx = withApp("search");

  beforeAll(async () => {
    await ctx.http.mutation(api.posts.addMany, { channel: "food", bodies: ["bandana sale", "banana recipe", "recipe book", "a ban on recipes"] });
    await ctx.http.mutation(api.posts.addMany, { channel: "items", bodies: Array.from({ length: 1500 }, (_, i) => `Item ${i + 1}`) });
  });

  it("matches whole terms, the last one as a prefix, in relevance order", async () => {
    const found = await ctx.http.query(api.posts.search, { query: "ban recipe" });
    expect(found[0]).toBe("a ban on recipes");
    expect(found.sort()).toEqual(["a ban on recipes", "banana recipe", "recipe book"]);
    expect((await ctx.http.query(api.posts.search, { query: "Item 1234" }))[0]).toBe("Item 1234");
  });

  it("applies filter fields and the 1024-result limit", async () => {
    expect(await ctx.http.query(api.posts.search, { query: "recipe", channel: "items" })).toEqual([]);
    expect(await ctx.http.query(api.posts.search, { query: "item" })).toHaveLength(1024);
  });

  it("filters by any filter field, first or alone, and follows a patch that changes only a filter value", async () => {
    for (const [body, lang] of [["banana recipe", "en"], ["recipe book", "en"], ["a ban on recipes", "fr"]]) await ctx.http.mutation(api.posts.setLang, { body, lang });
    expect((await ctx.http.query(api.posts.search, { query: "recipe", lang: "en" })).sort()).toEqual(["banana recipe", "recipe book"]);
    expect(await ctx.http.query(api.posts.search, { query: "ban recipe", lang: "fr", channel: "food" })).toEqual(["a ban on recipes"]);
    expect(await ctx.http.query(api.posts.search, { query: "recipe", lang: "en", channel: "items" })).toEqual([]);
    await ctx.http.mutation(api.posts.setLang, { body: "recipe book", lang: "fr" });
    expect(await ctx.http.query(api.posts.search, { query: "recipe", lang: "en" })).toEqual(["banana recipe"]);
  });

  it("rebuilds a search index stored in an earlier layout when it opens the data dir", async () => {
    const dir = tempDir("lb-search-layout-");
    let backend = await start({ dataDir: dir, convexDir: app("search") });
    try {
      await backend.run("posts:addMany", { channel: "old", bodies: ["layout one", "layout two"] });
      await backend.stop();
      // As an earlier backend left it: the catalog says `search: true` and holds postings this one cannot read.
      const env = open({ path: path.join(dir, DATA_FILE), maxDbs: 4 });
      const meta = env.openDB({ name: "meta", encoding: "json" });
      const indexes = env.openDB({ name: "indexes", keyEncoding: "binary", encoding: "string" });
      const catalog = meta.get("catalog");
      const def = catalog.indexes["posts.search_body"];
      catalog.indexes["posts.search_body"] = { ...def, search: true };
      const prefix = Buffer.alloc(4);
      prefix.writeUInt32BE(def.number);
      await env.transaction(() => {
        for (const key of indexes.getKeys({ start: prefix, end: Buffer.concat([prefix, Buffer.from([0xff])]) })) indexes.removeSync(key);
        meta.putSync("catalog", catalog);
      });
      await env.close();
      backend = await start({ dataDir: dir, convexDir: app("search") });
      const http = new ConvexHttpClient(backend.url, { logger: false });
      expect((await http.query(api.posts.search, { query: "layout", channel: "old" })).sort()).toEqual(["layout one", "layout two"]);
    } finally {
      await backend.stop();
      removeDir(dir);
    }
  });

  it("paginates as Convex does: a full last page is not done, cursors belong to their query", async () => {
    await ctx.http.mutation(api.posts.addMany, { channel: "p", bodies: ["one", "two", "three"] });
    const first = await ctx.http.query(api.posts.page, { channel: "p", paginationOpts: { numItems: 3, cursor: null } });
    expect(first).toMatchObject({ page: ["one", "two", "three"], isDone: false });
    const second = await ctx.http.query(api.posts.page, { channel: "p", paginationOpts: { numItems: 3, cursor: first.continueCursor } });
    expect(second).toMatchObject({ page: [], isDone: true });
    expect(await failure(ctx.http.query(api.posts.page, { channel: "p", paginationOpts: { numItems: 0, cursor: null } }))).toMatch(/numItems/);
    expect(await failure(ctx.http.query(api.posts.otherPage, { paginationOpts: { numItems: 3, cursor: first.continueCursor } }))).toMatch(/InvalidCursor/);
  });

  it("continues a descending page after its last item, never repeating it", async () => {
    await ctx.http.mutation(api.posts.addMany, { channel: "d", bodies: ["1", "2", "3", "4", "5"] });
    const opts = (cursor: string | null) => ({ channel: "d", order: "desc" as const, paginationOpts: { numItems: 2, cursor } });
    const seen: string[] = [];
    for (let cursor: string | null = null; ; ) {
      const page: { page: string[]; isDone: boolean; continueCursor: string } = await ctx.http.query(api.posts.page, opts(cursor));
      seen.push(...page.page);
      if (page.isDone) break;
      cursor = page.continueCursor;
    }
    expect(seen).toEqual(["5", "4", "3", "2", "1"]);
  });

  it("does not recommend splitting a filtered page", async () => {
    await ctx.http.mutation(api.posts.add, { body: "needle", channel: "rare" });
    const result = await ctx.http.query(api.posts.filteredPage, { paginationOpts: { numItems: 5, cursor: null } });
    expect(result.page).toEqual(["needle"]);
    expect(result.pageStatus ?? null).toBeNull();
    expect(result.splitCursor ?? null).toBeNull();
  });
});

describe("components", () => {
  const ctx = withApp("components");

  it("hosts @convex-dev/rate-limiter with its own tables", async () => {
    const results = [];
    for (let i = 0; i < 4; i++) results.push(await ctx.http.mutation(api.usage.send, { user: "ann" }));
    expect(results).toEqual([true, true, true, false]);
    expect(await ctx.http.mutation(api.usage.send, { user: "bob" })).toBe(true);
    // The app's own "rateLimits" table holds only the app's rows.
    expect(await ctx.http.query(api.usage.appRows, {})).toBe(5);
  });

  it("serialises racing calls into the rate limiter: every one commits, exactly the budget passes", async () => {
    const results = await Promise.all(Array.from({ length: 24 }, () => ctx.http.mutation(api.usage.send, { user: "cat" })));
    expect(results.filter((ok) => ok)).toHaveLength(3);
    expect(results.filter((ok) => !ok)).toHaveLength(21);
  });

  it("hosts @convex-dev/aggregate", async () => {
    for (const [name, score] of [["a", 3], ["b", 4], ["c", 5]] as const) await ctx.http.mutation(api.usage.addScore, { name, score });
    expect(await ctx.http.query(api.usage.totals, {})).toEqual({ count: 3, sum: 12 });
  });
});
