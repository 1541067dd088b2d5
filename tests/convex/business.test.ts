// Business inventory after an import: totals by location and category, search, and the CSV export.
import { afterEach, beforeEach, describe, expect, test, vi } from "vitest";
import { api } from "../../convex/_generated/api";
import { parseCsv, toCsv } from "../../convex/lib/csv/format";
import { checkCsv } from "../../convex/lib/csv/import";
import { business, GOOD, runJobs, start } from "./imports-support";
import { setupTest } from "./setup";

beforeEach(() => {
  vi.useFakeTimers();
});
afterEach(() => {
  vi.useRealTimers();
});

describe("business inventory", () => {
  test("totals, groups and filters cover the imported items", async () => {
    const t = setupTest();
    const owner = await business(t);
    await start(owner.as, GOOD, 15);
    await runJobs(t);
    const inv = await owner.as.query(api.inventory.summary, {});
    expect(inv.totals).toEqual({ items: 3, quantity: 35, values: [{ amount: 10 * 450 + 5 * 450 + 20 * 300, currency: "GBP" }] });
    expect(inv.byLocation.find((g) => g.key === "Shop")).toMatchObject({ items: 2, quantity: 30, values: [{ amount: 10500, currency: "GBP" }] });
    expect(inv.byCategory.find((g) => g.key === "Kitchen")).toMatchObject({ items: 2, quantity: 15 });
    const filtered = await owner.as.query(api.inventory.items, { paginationOpts: { numItems: 10, cursor: null }, location: "Shop", search: "towel" });
    expect(filtered.page.map((i) => i.name)).toEqual(["Tea towel"]);
    expect((await owner.as.query(api.inventory.summary, { location: "Shop", category: "Kitchen" })).totals.items).toBe(1);
  });

  test("export pages hold the whole inventory", async () => {
    const t = setupTest();
    const owner = await business(t);
    await start(owner.as, GOOD, 15);
    await runJobs(t);
    const page = await owner.as.query(api.business.exportPage, { cursor: null });
    expect(page.isDone).toBe(true);
    expect(page.items.map((i) => i.sku).sort()).toEqual(["MUG-001", "MUG-002", "TT-1"]);
  });
});

describe("CSV format", () => {
  test("formula cells are escaped on export and restored on import", () => {
    const csv = toCsv([["name", "sku", "quantity"], ['=HYPERLINK("x")', "A,1", "3"], ["+SUM(A1)", "@cmd", "-2"]]);
    expect(csv).toBe('name,sku,quantity\r\n"\'=HYPERLINK(""x"")","A,1",3\r\n"\'+SUM(A1)","\'@cmd","\'-2"\r\n');
    expect(parseCsv(csv).records[1]).toEqual(['\'=HYPERLINK("x")', "A,1", "3"]);
    const back = checkCsv(toCsv([["name", "sku", "quantity"], ["=Mug", "M1", "3"]]));
    expect(back.rows[0].input.name).toBe("=Mug");
  });
});
