// Business inventory: CSV import all or nothing with its ledger charge, totals, export.
import { afterEach, describe, expect, test, vi } from "vitest";
import { api, internal } from "../../convex/_generated/api";
import { checkCsv, IMPORT_BATCH, IMPORT_STALE_MS } from "../../convex/lib/csv/import";
import { neutraliseCell, parseCsv, toCsv } from "../../convex/lib/csv/format";
import { balanceOf, fundedUser } from "./assets-support";
import { errorData, setupTest, snapshot, type Backend } from "./setup";

const HEADER = "name,sku,quantity,unit_cost,location,category,description";
const GOOD = [
  HEADER,
  "Blue mug,MUG-001,10,4.50,Shop,Kitchen,Stoneware",
  'Red mug,MUG-002,5,4.50,Warehouse,Kitchen,"Large, red"',
  "Tea towel,TT-1,20,3,Shop,Linen,",
].join("\n");

async function business(t: Backend, amount = 100) {
  return await fundedUser(t, amount, { isBusinessUser: true });
}

describe("CSV import", () => {
  test("imports every row, charges 5 TMT per item once, and the inventory totals them", async () => {
    const t = setupTest();
    const owner = await business(t);
    const result = await owner.as.action(api.business.importCsv, { csv: GOOD, expectedCost: 15 });
    expect(result).toEqual({ imported: 3, charged: 15 });
    expect(await balanceOf(t, owner.userId)).toBe(85);
    const spent = await t.run(async (ctx) => await ctx.db.query("transactions").withIndex("by_userId_and_createdAt", (q) => q.eq("userId", owner.userId)).collect());
    expect(spent.filter((x) => x.type === "spent").map((x) => [x.amount, x.source])).toEqual([[-15, "tagging"]]);

    const inv = await owner.as.query(api.inventory.summary, {});
    expect(inv.totals).toEqual({ items: 3, quantity: 35, value: 10 * 450 + 5 * 450 + 20 * 300 });
    expect(inv.byLocation.find((g) => g.key === "Shop")).toMatchObject({ items: 2, quantity: 30, value: 10500 });
    expect(inv.byCategory.find((g) => g.key === "Kitchen")).toMatchObject({ items: 2, quantity: 15 });
    const items = await owner.as.query(api.inventory.items, { paginationOpts: { numItems: 10, cursor: null } });
    expect(items.page.every((i) => /^TMT-/.test(i.serial))).toBe(true);
    const filtered = await owner.as.query(api.inventory.items, { paginationOpts: { numItems: 10, cursor: null }, location: "Shop", search: "towel" });
    expect(filtered.page.map((i) => i.name)).toEqual(["Tea towel"]);
    expect((await owner.as.query(api.inventory.summary, { location: "Shop", category: "Kitchen" })).totals.items).toBe(1);
    const job = await owner.as.query(api.business.currentImport, {});
    expect(job).toMatchObject({ status: "done", total: 3, done: 3, cost: 15 });
  });

  test.each([
    ["wrong columns", "title,code,count\nMug,M1,1", /Missing columns: name, sku, quantity.*Unknown columns: title, code, count/],
    ["a bad quantity", `${HEADER}\nMug,M1,1,,,,\nJug,J1,-2,,,,`, /1 row has errors: nothing was imported.*line 3: Quantity must be a whole number/],
    ["a missing name and a short row", `${HEADER}\n,M1,1,,,,\nJug,J1`, /2 rows have errors/],
    ["a bad unit cost", `${HEADER}\nMug,M1,1,abc,,,`, /Unit cost must be an amount like 12.50/],
    ["no rows", HEADER, /The file is empty/],
  ])("a file with %s is refused and nothing is written", async (_label, csv, message) => {
    const t = setupTest();
    const owner = await business(t);
    const before = await snapshot(t);
    const error = await errorData(() => owner.as.action(api.business.importCsv, { csv, expectedCost: 5 }));
    expect(error.code).toBe("INVALID");
    expect(error.message).toMatch(message);
    expect(await snapshot(t)).toEqual(before);
  });

  test("too few tokens: 'Insufficient tokens' and nothing is written", async () => {
    const t = setupTest();
    const owner = await business(t, 10);
    const before = await snapshot(t);
    const error = await errorData(() => owner.as.action(api.business.importCsv, { csv: GOOD, expectedCost: 15 }));
    expect(error).toEqual({ code: "INSUFFICIENT_TOKENS", message: "Insufficient tokens" });
    expect(await snapshot(t)).toEqual(before);
  });

  test("a total other than the one confirmed is refused", async () => {
    const t = setupTest();
    const owner = await business(t);
    const error = await errorData(() => owner.as.action(api.business.importCsv, { csv: GOOD, expectedCost: 10 }));
    expect(error.message).toBe("This import costs 15 TMT, not 10 TMT. Please review it again.");
  });

  test("a failed batch is rolled back: created items deleted and the charge refunded", async () => {
    const t = setupTest();
    const owner = await business(t);
    const rows = checkCsv(GOOD).rows;
    const jobId = await t.mutation(internal.business.beginImport, { userId: owner.userId, total: 3, cost: 15 });
    await t.mutation(internal.business.importBatch, { jobId, rows: rows.slice(0, 2) });
    expect((await owner.as.query(api.inventory.summary, {})).totals.items).toBe(2);
    expect(await t.mutation(internal.business.rollbackImport, { jobId, error: "failed" })).toBe(false);
    expect((await owner.as.query(api.inventory.summary, {})).totals.items).toBe(0);
    expect(await balanceOf(t, owner.userId)).toBe(100);
    expect(await owner.as.query(api.business.currentImport, {})).toMatchObject({ status: "failed" });
    const refund = await t.run(async (ctx) => await ctx.db.query("transactions").withIndex("by_userId_and_createdAt", (q) => q.eq("userId", owner.userId)).order("desc").first());
    expect(refund).toMatchObject({ amount: 15, source: "refund" });
  });
});

describe("CSV import whose action dies midway", () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  /** Begins a job and imports `count` rows, as an action would before being killed. */
  async function abandonedImport(t: Backend, userId: Awaited<ReturnType<typeof business>>["userId"], count: number) {
    const row = checkCsv(GOOD).rows[0];
    const rows = Array.from({ length: count }, (_, i) => ({ ...row, name: `Mug ${i}` }));
    const jobId = await t.mutation(internal.business.beginImport, { userId, total: count + 1, cost: (count + 1) * 5 });
    for (let i = 0; i < count; i += IMPORT_BATCH) await t.mutation(internal.business.importBatch, { jobId, rows: rows.slice(i, i + IMPORT_BATCH) });
    return jobId;
  }

  test("is undone and refunded by the sweeper once it is stale, in batches", async () => {
    vi.useFakeTimers();
    const t = setupTest();
    const owner = await business(t, 5000);
    // More items than one rollback batch, so the sweeper has to reschedule itself.
    const count = IMPORT_BATCH + 30;
    await abandonedImport(t, owner.userId, count);
    expect(await balanceOf(t, owner.userId)).toBe(5000 - (count + 1) * 5);
    expect(await owner.as.query(api.business.currentImport, {})).toMatchObject({ status: "running", done: count });

    // Not before it is stale: a slow import is left alone.
    vi.advanceTimersByTime(IMPORT_STALE_MS - 60_000);
    await t.finishInProgressScheduledFunctions();
    expect(await owner.as.query(api.business.currentImport, {})).toMatchObject({ status: "running" });

    vi.advanceTimersByTime(60_000);
    await t.finishAllScheduledFunctions(vi.runAllTimers);
    expect(await owner.as.query(api.business.currentImport, {})).toMatchObject({
      status: "failed",
      done: 0,
      error: "The import stopped before it finished and was undone; your tokens were refunded.",
    });
    expect((await owner.as.query(api.inventory.summary, {})).totals.items).toBe(0);
    expect(await balanceOf(t, owner.userId)).toBe(5000);
    const leftovers = await t.run(async (ctx) => (await ctx.db.query("importItems").take(1)).length);
    expect(leftovers).toBe(0);
  });

  test("a finished import is left alone by its sweeper, and refunded only once", async () => {
    vi.useFakeTimers();
    const t = setupTest();
    const owner = await business(t);
    const result = await owner.as.action(api.business.importCsv, { csv: GOOD, expectedCost: 15 });
    expect(result.imported).toBe(3);
    vi.advanceTimersByTime(IMPORT_STALE_MS);
    await t.finishAllScheduledFunctions(vi.runAllTimers);
    expect(await owner.as.query(api.business.currentImport, {})).toMatchObject({ status: "done" });
    expect((await owner.as.query(api.inventory.summary, {})).totals.items).toBe(3);
    expect(await balanceOf(t, owner.userId)).toBe(85);
  });
});

describe("CSV format", () => {
  test("formula cells are neutralised on export and restored on import", () => {
    for (const cell of ["=1+1", "+SUM(A1)", "-2+3", "@cmd", "=HYPERLINK(\"http://x\")"]) {
      expect(neutraliseCell(cell)).toBe(`'${cell}`);
    }
    expect(neutraliseCell("Mug")).toBe("Mug");
    const csv = toCsv([["name", "sku", "quantity"], ['=HYPERLINK("x")', "A,1", "3"]]);
    expect(csv).toBe('name,sku,quantity\r\n"\'=HYPERLINK(""x"")","A,1",3\r\n');
    expect(parseCsv(csv)).toEqual([["name", "sku", "quantity"], ['\'=HYPERLINK("x")', "A,1", "3"]]);
    const back = checkCsv(toCsv([["name", "sku", "quantity"], ["=Mug", "M1", "3"]]));
    expect(back.rows[0].name).toBe("=Mug");
  });

  test("export pages hold the whole inventory", async () => {
    const t = setupTest();
    const owner = await business(t);
    await owner.as.action(api.business.importCsv, { csv: GOOD, expectedCost: 15 });
    const page = await owner.as.query(api.business.exportPage, { cursor: null });
    expect(page.isDone).toBe(true);
    expect(page.items.map((i) => i.sku).sort()).toEqual(["MUG-001", "MUG-002", "TT-1"]);
  });
});
