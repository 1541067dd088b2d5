import { cpSync, readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import type { Backend } from "../../local-backend/index.mjs";
import { api } from "./fixture/convex/_generated/api";
import { FIXTURE, client, nextValue, removeDir, start, tempDir } from "./helpers";

const work = tempDir("lb-reload-");
const convexDir = path.join(work, "convex");
let backend: Backend | null = null;

afterAll(async () => {
  await backend?.stop();
  removeDir(work);
});

describe("reload", () => {
  it("picks up changed functions, keeps data and refreshes subscriptions", async () => {
    cpSync(FIXTURE, convexDir, { recursive: true });
    backend = await start({ dataDir: path.join(work, "data"), convexDir, watch: true });
    const c = client(backend.url);
    await c.mutation(api.messages.send, { channel: "x", author: "a", body: "kept" });
    expect(await nextValue(c, api.messages.count, {}, () => true)).toBe(1);

    const file = path.join(convexDir, "messages.ts");
    writeFileSync(file, readFileSync(file, "utf8").replace(".collect()).length,", ".collect()).length + 100,"));
    expect(await nextValue(c, api.messages.count, {}, (v: number) => v === 101)).toBe(101);

    // A broken module keeps the previous functions running.
    writeFileSync(path.join(convexDir, "broken.ts"), "export const x = ;");
    await new Promise((r) => setTimeout(r, 800));
    expect(await c.query(api.messages.count, {})).toBe(101);
    await c.close();
  });
});
