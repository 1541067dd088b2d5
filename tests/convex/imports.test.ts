// The CSV import job (convex/imports.ts): priced and charged once, batches on the
// workpool, live progress, duplicates skipped or updated, cancel and a failed batch
// rolled back with a refund of exactly what was undone.
import { afterEach, beforeEach, describe, expect, test, vi } from "vitest";
import { api, internal } from "../../convex/_generated/api";
import { ROLLBACK_SLICE } from "../../convex/imports";
import type { Id } from "../../convex/_generated/dataModel";
import { IMPORT_BATCH } from "../../convex/lib/csv/pool";
import { importCost } from "../../convex/lib/csv/pricing";
import { workspaceBalance } from "./assets-support";
import { business, GOOD, HEADER, inventorySkus, manyRows, runJobs, start } from "./imports-support";
import { errorData, makeUser, setupTest, snapshot, type Backend } from "./setup";

beforeEach(() => {
  vi.useFakeTimers();
});
afterEach(() => {
  vi.useRealTimers();
});

/** The business workspace's wallet history: imports are paid from it. */
async function transactionsOf(t: Backend, workspaceId: Id<"workspaces">) {
  return await t.run(async (ctx) =>
    (await ctx.db.query("transactions").withIndex("by_workspaceId_and_createdAt", (q) => q.eq("workspaceId", workspaceId)).collect()).map((x) => [x.amount, x.source]),
  );
}

/** A business's import of `rows` rows, started: two batches, none applied yet. */
async function startedTwoBatches(t: Backend, rows = IMPORT_BATCH + 5) {
  const owner = await business(t, 5_000);
  await start(owner.as, manyRows(rows), importCost(rows));
  const job = (await owner.as.query(api.imports.current, {}))!;
  expect(job).toMatchObject({ done: 0, total: rows });
  expect((await t.run(async (ctx) => (await ctx.db.get("importJobs", job._id))!)).batches).toBe(2);
  return { owner, jobId: job._id, rows };
}

describe("an import", () => {
  test("is checked, charged once at the volume price, run in batches, and totals in the inventory", async () => {
    const t = setupTest();
    const owner = await business(t);
    const started = await start(owner.as, GOOD, 15);
    expect(started).toMatchObject({ cost: 15, total: 3 });
    expect(await owner.as.query(api.imports.current, {})).toMatchObject({ status: "running", done: 0, total: 3, creates: 3, cost: 15 });
    await runJobs(t);
    expect(await owner.as.query(api.imports.current, {})).toMatchObject({ status: "done", done: 3, total: 3, kept: 3, refunded: 0 });
    expect(await workspaceBalance(t, owner.workspaceId)).toBe(85);
    expect(await transactionsOf(t, owner.workspaceId)).toEqual([[100, "top_up"], [-15, "tagging"]]);
    const inv = await owner.as.query(api.inventory.summary, {});
    expect(inv.totals).toEqual({ items: 3, quantity: 35, values: [{ amount: 10 * 450 + 5 * 450 + 20 * 300, currency: "GBP" }] });
    expect((await owner.as.query(api.business.exportPage, { cursor: null })).items.every((i) => /^TMT-/.test(i.serial))).toBe(true);
    // What a rollback would have needed is purged once the job is done.
    expect(await t.run(async (ctx) => (await ctx.db.query("importUndo").collect()).length)).toBe(0);
  });

  test("progress counts every batch as it lands", async () => {
    const t = setupTest();
    const { owner, jobId, rows } = await startedTwoBatches(t, IMPORT_BATCH + 10);
    // One batch lands (applied here as the workpool's action would): the figure the screen subscribes to moves.
    const entries = Array.from({ length: 7 }, (_, i) => ({ op: "create" as const, input: { kind: "business" as const, name: `Early ${i}`, visibility: "private" as const, details: { kind: "business" as const, sku: `E-${i}`, quantity: 1 } } }));
    await t.mutation(internal.imports.applyBatch, { jobId: jobId, index: 1, entries });
    expect(await owner.as.query(api.imports.current, {})).toMatchObject({ status: "running", done: 7 });
    await runJobs(t);
    expect(await owner.as.query(api.imports.current, {})).toMatchObject({ status: "done", done: rows, total: rows });
    // Batch 1 ran once: the workpool's run of it found it applied and wrote nothing.
    expect((await owner.as.query(api.inventory.summary, {})).totals.items).toBe(IMPORT_BATCH + 7);
  });

  test("an import under way when the runner was deployed finishes: its batches, queued one workpool job each, are still applied", async () => {
    const t = setupTest();
    const { owner, jobId, rows } = await startedTwoBatches(t);
    // The job as the code before the runner left it: no plan file; each batch's entries were its workpool job's arguments.
    const batches = await t.run(async (ctx) => {
      const plan = (await ctx.db.get("importJobs", jobId))!.plan!;
      const entries = JSON.parse(await (await ctx.storage.get(plan))!.text());
      await ctx.db.patch("importJobs", jobId, { plan: undefined });
      await ctx.storage.delete(plan);
      return entries;
    });
    expect(batches).toHaveLength(2);
    for (const [index, entries] of batches.entries()) await t.action(internal.imports.runBatch, { jobId: jobId, index, entries });
    const workId = (await t.run(async (ctx) => (await ctx.db.get("importJobs", jobId))!)).workIds[0];
    await t.mutation(internal.imports.batchDone, { workId, context: { jobId: jobId }, result: { kind: "success", returnValue: null } } as never);
    expect(await owner.as.query(api.imports.current, {})).toMatchObject({ status: "done", done: rows, total: rows, refunded: 0 });
    expect((await owner.as.query(api.inventory.summary, {})).totals.items).toBe(rows);
  });

  test("semicolon, tab and BOM files import like comma files; comma decimals are read", async () => {
    const t = setupTest();
    const owner = await business(t);
    const semicolon = `\uFEFF${HEADER.replaceAll(",", ";")}\r\nMug;M-1;2;4,50;Shop;Kitchen;"Tall; blue"\r\n`;
    await start(owner.as, semicolon, 5);
    await runJobs(t);
    const tab = `${HEADER.replaceAll(",", "\t")}\nJug\tJ-1\t3\t2.00\tShop\tKitchen\t\n`;
    await start(owner.as, tab, 5);
    await runJobs(t);
    const items = (await owner.as.query(api.business.exportPage, { cursor: null })).items;
    expect(items.map((i) => [i.name, i.sku, i.quantity, i.unitCost, i.description]).sort()).toEqual([
      ["Jug", "J-1", 3, { amount: 200, currency: "GBP" }, null],
      ["Mug", "M-1", 2, { amount: 450, currency: "GBP" }, "Tall; blue"],
    ]);
  });

  test("a mapping picks the file's own headers", async () => {
    const t = setupTest();
    const owner = await business(t);
    const csv = "Code,Product,Stock\nX-1,Lamp,4\n";
    const result = await owner.as.action(api.imports.start, { fileName: "x.csv", csv, mapping: { sku: 0, name: 1, quantity: 2 }, onDuplicate: "skip", expectedCost: 5 });
    expect(result.total).toBe(1);
    await runJobs(t);
    expect(await inventorySkus(owner.as)).toEqual(["X-1:4"]);
    const unmapped = await errorData(() => owner.as.action(api.imports.start, { fileName: "x.csv", csv, mapping: { sku: 0 }, onDuplicate: "skip", expectedCost: 5 }));
    expect(unmapped).toEqual({ code: "INVALID", message: "Choose a column for Name, Quantity" });
  });

  test("a file with a bad row imports its valid rows, charges for those only, and says how many were left out", async () => {
    const t = setupTest();
    const owner = await business(t);
    const started = await start(owner.as, `${HEADER}\nMug,M1,1,,,,\nJug,J1,-2,,,,\nCup,C1,3,,,,`, importCost(2));
    expect(started).toMatchObject({ total: 2, cost: importCost(2), leftOut: 1 });
    await runJobs(t);
    expect(await inventorySkus(owner.as)).toEqual(["C1:3", "M1:1"]);
    expect(await workspaceBalance(t, owner.workspaceId)).toBe(100 - importCost(2));
  });

  test.each([
    ["only a bad quantity", `${HEADER}\nJug,J1,-2,,,,`, /No row of this file is valid/],
    ["a missing name", `${HEADER}\n,M1,1,,,,`, /No row of this file is valid/],
    ["a bad unit cost", `${HEADER}\nMug,M1,1,abc,,,`, /No row of this file is valid/],
    ["no rows", HEADER, /The file is empty/],
    ["an unclosed quote", `${HEADER}\n"Mug,M1,1,,,,`, /opens a quoted cell that never closes/],
  ])("a file with %s is refused and nothing is written", async (_label, csv, message) => {
    const t = setupTest();
    const owner = await business(t);
    const before = await snapshot(t);
    const error = await errorData(() => start(owner.as, csv, 5));
    expect(error.code).toBe("INVALID");
    expect(error.message).toMatch(message);
    expect(await snapshot(t)).toEqual(before);
  });

  test("too few tokens: 'Insufficient tokens' and nothing is written", async () => {
    const t = setupTest();
    const owner = await business(t, 10);
    const before = await snapshot(t);
    expect(await errorData(() => start(owner.as, GOOD, 15))).toEqual({ code: "INSUFFICIENT_TOKENS", message: "Insufficient tokens" });
    expect(await snapshot(t)).toEqual(before);
  });

  test("a price other than the one confirmed is refused", async () => {
    const t = setupTest();
    const owner = await business(t);
    expect((await errorData(() => start(owner.as, GOOD, 10))).message).toBe("This import costs 15 TMT, not 10 TMT. Please review it again.");
  });

  test("each new item gets its own serial, reserved once (the next batch's while one is applied)", async () => {
    const t = setupTest();
    const owner = await business(t, 5_000);
    const rows = IMPORT_BATCH + 10;
    await start(owner.as, manyRows(rows), importCost(rows));
    await runJobs(t);
    const { serials, reserved } = await t.run(async (ctx) => ({
      serials: (await ctx.db.query("assets").collect()).map((a) => a.serial),
      reserved: (await ctx.db.query("serials").collect()).map((s) => s.serial),
    }));
    expect(serials).toHaveLength(rows);
    expect(new Set(serials).size).toBe(rows);
    expect(reserved.sort()).toEqual([...serials].sort());
    // The plan the runner read is gone with the job's end.
    const job = (await owner.as.query(api.imports.current, {}))!;
    expect(await t.run(async (ctx) => [(await ctx.db.get("importJobs", job._id))!.plan ?? null, (await ctx.db.system.query("_storage").collect()).length])).toEqual([null, 0]);
  });

  test("one import at a time per business", async () => {
    const t = setupTest();
    const owner = await business(t);
    await start(owner.as, GOOD, 15);
    expect(await errorData(() => start(owner.as, manyRows(1, "OTHER"), 5))).toEqual({ code: "INVALID", message: "An import is already running: wait for it to finish or cancel it." });
    await runJobs(t);
    await start(owner.as, manyRows(1, "OTHER"), 5);
  });

  test("a batch applied twice (a retry after a lost reply) writes once", async () => {
    const t = setupTest();
    const owner = await business(t);
    await start(owner.as, GOOD, 15);
    const job = (await owner.as.query(api.imports.current, {}))!;
    const entries = [{ op: "create" as const, input: { kind: "business" as const, name: "Mug", visibility: "private" as const, details: { kind: "business" as const, sku: "DUP-1", quantity: 1 } } }];
    await t.mutation(internal.imports.applyBatch, { jobId: job._id, index: 0, entries });
    await t.mutation(internal.imports.applyBatch, { jobId: job._id, index: 0, entries });
    expect(await t.run(async (ctx) => (await ctx.db.query("assets").collect()).filter((a) => a.name === "Mug").length)).toBe(1);
  });
});

describe("duplicate SKUs", () => {
  test("the same file twice never doubles the stock: skip leaves nothing to import, update is free", async () => {
    const t = setupTest();
    const owner = await business(t);
    await start(owner.as, GOOD, 15);
    await runJobs(t);
    expect(await errorData(() => start(owner.as, GOOD, 0))).toEqual({ code: "INVALID", message: "Every row is a duplicate you chose to skip: there is nothing to import." });
    const changed = GOOD.replace("MUG-001,10", "MUG-001,99");
    const updated = await start(owner.as, changed, 0, "update");
    expect(updated).toMatchObject({ cost: 0, total: 3 });
    await runJobs(t);
    expect(await inventorySkus(owner.as)).toEqual(["MUG-001:99", "MUG-002:5", "TT-1:20"]);
    expect(await workspaceBalance(t, owner.workspaceId)).toBe(85);
    expect(await owner.as.query(api.imports.current, {})).toMatchObject({ status: "done", creates: 0, updates: 3, cost: 0 });
  });

  test("skip imports only the new SKUs and prices only them", async () => {
    const t = setupTest();
    const owner = await business(t);
    await start(owner.as, GOOD, 15);
    await runJobs(t);
    const more = `${GOOD}\nJug,JUG-1,2,,,,`;
    expect(await start(owner.as, more, 5, "skip")).toMatchObject({ cost: 5, total: 1 });
    await runJobs(t);
    expect(await inventorySkus(owner.as)).toEqual(["JUG-1:2", "MUG-001:10", "MUG-002:5", "TT-1:20"]);
    expect(await owner.as.query(api.imports.current, {})).toMatchObject({ skipped: 3 });
  });

  test("a SKU repeated in the file: skip keeps the first row, update the last", async () => {
    const t = setupTest();
    const owner = await business(t);
    const repeated = `${HEADER}\nMug,R-1,1,,,,\nMug,R-1,2,,,,\nMug,R-1,3,,,,`;
    await start(owner.as, repeated, 5, "skip");
    await runJobs(t);
    expect(await inventorySkus(owner.as)).toEqual(["R-1:1"]);
    const t2 = setupTest();
    const other = await business(t2);
    await start(other.as, repeated, 5, "update");
    await runJobs(t2);
    expect(await inventorySkus(other.as)).toEqual(["R-1:3"]);
  });

  test("heldSkus answers only for the caller's own inventory", async () => {
    const t = setupTest();
    const owner = await business(t);
    const other = await business(t);
    await start(owner.as, GOOD, 15);
    await runJobs(t);
    expect((await owner.as.query(api.imports.heldSkus, { skus: ["MUG-001", "NOPE", "TT-1"] })).sort()).toEqual(["MUG-001", "TT-1"]);
    expect(await other.as.query(api.imports.heldSkus, { skus: ["MUG-001", "TT-1"] })).toEqual([]);
    const tooMany = Array.from({ length: 1001 }, (_, i) => `S-${i}`);
    expect((await errorData(() => owner.as.query(api.imports.heldSkus, { skus: tooMany }))).code).toBe("INVALID");
  });
});

describe("cancel and rollback", () => {
  /** A two-batch import, started; its batches are queued on the workpool, none has run. */
  test("cancel undoes what was written and refunds exactly the charge", async () => {
    const t = setupTest();
    const owner = await business(t, 5_000);
    const rows = IMPORT_BATCH + 5;
    await start(owner.as, manyRows(rows), importCost(rows));
    const job = (await owner.as.query(api.imports.current, {}))!;
    const entries = Array.from({ length: 3 }, (_, i) => ({ op: "create" as const, input: { kind: "business" as const, name: `Item ${i}`, visibility: "private" as const, details: { kind: "business" as const, sku: `SKU-${i}`, quantity: 1 } } }));
    await t.mutation(internal.imports.applyBatch, { jobId: job._id, index: 0, entries });
    expect(await owner.as.query(api.imports.current, {})).toMatchObject({ status: "running", done: 3 });
    expect(await workspaceBalance(t, owner.workspaceId)).toBe(5_000 - importCost(rows));

    const stranger = await business(t);
    expect((await errorData(() => stranger.as.mutation(api.imports.cancel, { jobId: job._id }))).code).toBe("NOT_FOUND");
    await owner.as.mutation(api.imports.cancel, { jobId: job._id });
    expect(await owner.as.query(api.imports.current, {})).toMatchObject({ status: "rolling_back" });
    await runJobs(t);
    expect(await owner.as.query(api.imports.current, {})).toMatchObject({
      status: "cancelled",
      refunded: importCost(rows),
      error: "The import was cancelled and undone; your tokens were refunded.",
    });
    expect((await owner.as.query(api.inventory.summary, {})).totals.items).toBe(0);
    expect(await workspaceBalance(t, owner.workspaceId)).toBe(5_000);
    expect(await transactionsOf(t, owner.workspaceId)).toEqual([[5_000, "top_up"], [-importCost(rows), "tagging"], [importCost(rows), "refund"]]);
    expect((await errorData(() => owner.as.mutation(api.imports.cancel, { jobId: job._id }))).message).toBe("This import is not running any more.");
    expect(
      await t.run(async (ctx) => [
        (await ctx.db.query("importUndo").collect()).length,
        (await ctx.db.query("importBatches").collect()).length,
        // The runner's plan of the batches is gone too.
        (await ctx.db.system.query("_storage").collect()).length,
      ]),
    ).toEqual([0, 0, 0]);
  });

  test("a batch failing after its retries rolls back; items that changed hands are kept and not refunded", async () => {
    const t = setupTest();
    const { owner, jobId, rows } = await startedTwoBatches(t);
    const buyer = await makeUser(t, { email: "buyer@example.com" });
    const entries = ["A", "B", "C"].map((n) => ({ op: "create" as const, input: { kind: "business" as const, name: `Item ${n}`, visibility: "private" as const, details: { kind: "business" as const, sku: `X-${n}`, quantity: 1 } } }));
    await t.mutation(internal.imports.applyBatch, { jobId, index: 0, entries });
    // Meanwhile the importer sells one item and the buyer accepts it.
    const sold = await t.run(async (ctx) => (await ctx.db.query("assets").collect()).find((a) => a.name === "Item A")!);
    const transferId = await owner.as.mutation(api.transfers.offer, { assetId: sold._id, email: "buyer@example.com" });
    await buyer.as.mutation(api.transfers.accept, { transferId });

    // The workpool reports the runner failed for good (the second batch threw on each try).
    const workId = (await t.run(async (ctx) => (await ctx.db.get("importJobs", jobId))!)).workIds[0];
    await t.mutation(internal.imports.batchDone, { workId, context: { jobId }, result: { kind: "failed", error: "boom" } } as never);
    await runJobs(t);
    const after = await owner.as.query(api.imports.current, {});
    const refund = importCost(rows) - importCost(1);
    expect(after).toMatchObject({ status: "failed", kept: 1, refunded: refund });
    expect(after!.error).toBe("The import failed and was undone; your tokens were refunded. 1 item was kept because it changed hands meanwhile.");
    const left = await t.run(async (ctx) => (await ctx.db.query("assets").collect()).map((a) => [a.name, a.workspaceId]));
    expect(left).toEqual([["Item A", buyer.workspaceId]]);
    expect(await workspaceBalance(t, owner.workspaceId)).toBe(5_000 - importCost(1));
  });

  test("a batch larger than one rollback step is undone in steps, all of it refunded", async () => {
    const t = setupTest();
    const owner = await business(t, 5_000);
    const rows = ROLLBACK_SLICE + 10;
    await start(owner.as, manyRows(rows), importCost(rows));
    const job = (await owner.as.query(api.imports.current, {}))!;
    const entries = Array.from({ length: rows }, (_, i) => ({ op: "create" as const, input: { kind: "business" as const, name: `Item ${i}`, visibility: "private" as const, details: { kind: "business" as const, sku: `SKU-${i}`, quantity: 1 } } }));
    await t.mutation(internal.imports.applyBatch, { jobId: job._id, index: 0, entries });
    expect((await owner.as.query(api.inventory.summary, {})).totals.items).toBe(rows);
    await owner.as.mutation(api.imports.cancel, { jobId: job._id });
    await runJobs(t);
    expect(await owner.as.query(api.imports.current, {})).toMatchObject({ status: "cancelled", kept: 0, refunded: importCost(rows) });
    expect((await owner.as.query(api.inventory.summary, {})).totals.items).toBe(0);
    expect(await workspaceBalance(t, owner.workspaceId)).toBe(5_000);
  });

  test("a rollback puts updated items back as they were", async () => {
    const t = setupTest();
    const owner = await business(t);
    await start(owner.as, GOOD, 15);
    await runJobs(t);
    await start(owner.as, GOOD.replace("MUG-001,10", "MUG-001,99"), 0, "update");
    const job = (await owner.as.query(api.imports.current, {}))!;
    const mug = await t.run(async (ctx) => (await ctx.db.query("assets").collect()).find((a) => a.name === "Blue mug")!);
    await t.mutation(internal.imports.applyBatch, {
      jobId: job._id,
      index: 0,
      entries: [{ op: "update", assetId: mug._id, input: { kind: "business", name: "Blue mug", visibility: "private", details: { kind: "business", sku: "MUG-001", quantity: 99 } } }],
    });
    expect(await inventorySkus(owner.as)).toContain("MUG-001:99");
    await owner.as.mutation(api.imports.cancel, { jobId: job._id });
    await runJobs(t);
    expect(await inventorySkus(owner.as)).toEqual(["MUG-001:10", "MUG-002:5", "TT-1:20"]);
    expect(await owner.as.query(api.imports.current, {})).toMatchObject({ status: "cancelled", refunded: 0 });
    expect(await workspaceBalance(t, owner.workspaceId)).toBe(85);
  });
});
