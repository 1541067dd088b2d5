// The data file after a bulk load: inserts with random ids rewrite most B-tree
// pages copy-on-write, so the file ends up far bigger than the pages in use
// (LMDB never returns space to the file system). On start the backend rewrites
// it without the free pages; the data stays as it was.
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { ConvexHttpClient } from "convex/browser";
import { DATA_FILE, pageUsage } from "../../local-backend/database.mjs";
import { api } from "./fixture/convex/_generated/api";
import { removeDir, start, tempDir } from "./helpers";

const dir = tempDir("lb-compact-");
afterAll(() => removeDir(dir));

describe("data file", () => {
  it("is compacted on start after a bulk load, with every document kept", async () => {
    const logs: string[] = [];
    let backend = await start({ dataDir: dir, log: (m) => logs.push(m) });
    let http = new ConvexHttpClient(backend.url, { logger: false });
    for (let from = 0; from < 24_000; from += 4_000) await http.mutation(api.store.fill, { from, count: 4_000 });
    await backend.stop();

    const file = path.join(dir, DATA_FILE);
    const loaded = pageUsage(file);
    // The bulk load left a third or more of the file as free pages.
    expect(loaded.size - loaded.used).toBeGreaterThan(loaded.size / 3);

    backend = await start({ dataDir: dir, log: (m) => logs.push(m) });
    http = new ConvexHttpClient(backend.url, { logger: false });
    expect(await http.query(api.store.byKey, { key: 23_999 })).toBe(`item 23999 ${"x".repeat(80)}`);
    expect(await http.query(api.store.itemsPage, { from: 0 })).toBe(50);
    await backend.stop();

    const compacted = pageUsage(file);
    // The same data in pages (within the few pages a start writes), and almost no free pages left.
    expect(Math.abs(compacted.used - loaded.used)).toBeLessThan(loaded.used * 0.02);
    expect(compacted.size).toBeLessThan(compacted.used * 1.05);
    expect(logs.some((m) => m.startsWith(`Compacted ${DATA_FILE}`))).toBe(true);
  });
});
