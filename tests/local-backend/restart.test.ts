import { afterAll, describe, expect, it } from "vitest";
import { ConvexHttpClient } from "convex/browser";
import type { Backend } from "../../local-backend/index.mjs";
import { api } from "./fixture/convex/_generated/api";
import { anyApi } from "convex/server";
import { client, conformanceApp, mintToken, nextValue, removeDir, start, tempDir } from "./helpers";

const dir = tempDir("lb-restart-");
let backend: Backend | null = null;

afterAll(async () => {
  await backend?.stop();
  removeDir(dir);
});

describe("restart", () => {
  it("reconnects the client and resumes subscriptions with persisted data", async () => {
    backend = await start({ dataDir: dir });
    const { port, sitePort } = backend;
    const c = client(backend.url);
    c.setAuth(() => mintToken(backend!.env, "gina|1"));
    await c.mutation(api.messages.send, { channel: "r", author: "g", body: "before" });
    await nextValue(c, api.messages.list, { channel: "r" }, (v: unknown[]) => v.length === 1);
    const seen: number[] = [];
    c.onUpdate(api.messages.list, { channel: "r" }, (v) => seen.push(v.length));

    await backend.stop();
    backend = await start({ dataDir: dir, port, sitePort });
    // Same keys after restart: the old token still verifies.
    await backend.run("messages:send", { channel: "r", author: "g", body: "after restart" });
    await expect.poll(() => seen.at(-1), { timeout: 20_000 }).toBe(2);
    await c.mutation(api.messages.send, { channel: "r", author: "g", body: "third" });
    expect(seen.at(-1)).toBe(3);
    expect(await c.query(api.notes.whoami, {})).toMatchObject({ subject: "gina|1" });
    await c.close();
  });

  it("pages on from a cursor issued before the restart (the cursor key is kept in the data dir)", async () => {
    backend ??= await start({ dataDir: dir });
    for (const body of ["p1", "p2", "p3"]) await backend.run("messages:send", { channel: "pages", author: "g", body });
    const http = new ConvexHttpClient(backend.url, { logger: false });
    const first = await http.query(api.messages.page, { channel: "pages", paginationOpts: { numItems: 2, cursor: null } });
    const { port, sitePort } = backend;
    await backend.stop();
    backend = await start({ dataDir: dir, port, sitePort });
    const rest = await new ConvexHttpClient(backend.url, { logger: false }).query(api.messages.page, {
      channel: "pages",
      paginationOpts: { numItems: 2, cursor: first.continueCursor },
    });
    expect([...first.page, ...rest.page].map((m) => m.body)).toEqual(["p3", "p2", "p1"]);
    expect(rest.isDone).toBe(true);
  });

  it("runs a job that fell due while stopped once it starts again, while the crons are still being loaded", async () => {
    const jobsDir = tempDir("lb-restart-jobs-");
    const convexDir = conformanceApp("startup");
    const logs: string[] = [];
    let b = await start({ dataDir: jobsDir, convexDir, log: (m) => logs.push(m) });
    try {
      const scheduledAt = Date.now();
      await b.run("jobs:later", { label: "due while stopped", delayMs: 30 });
      await b.stop();
      await expect.poll(() => Date.now() - scheduledAt).toBeGreaterThan(30);
      b = await start({ dataDir: jobsDir, convexDir, log: (m) => logs.push(m) });
      const http = new ConvexHttpClient(b.url, { logger: false });
      await expect.poll(() => http.query(anyApi.jobs.states, {}), { timeout: 20_000 }).toEqual([{ state: "success" }]);
      expect(logs.filter((m) => m.includes("crashed"))).toEqual([]);
    } finally {
      await b.stop();
      removeDir(jobsDir);
    }
  });
});
