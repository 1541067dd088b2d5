// The import's pure rules, shared by the preview and the server: parsing
// (delimiters, BOM, quotes), column mapping, duplicate plans and volume pricing.
import { describe, expect, test } from "vitest";
import { parseCsv } from "../../convex/lib/csv/format";
import { checkCsv, checkRecords, guessMapping, mappingError, templateCsv } from "../../convex/lib/csv/import";
import { planImport } from "../../convex/lib/csv/plan";
import { importCost, importCostLines } from "../../convex/lib/csv/pricing";
import { packFor } from "../../convex/lib/payments/packs";

describe("parseCsv", () => {
  test.each([
    ["comma", "a,b,c\n1,2,3\n", ","],
    ["semicolon", "a;b;c\n1;2,5;3\n", ";"],
    ["tab", "a\tb\tc\n1\t2\t3\n", "\t"],
  ])("detects a %s-separated file", (_label, text, delimiter) => {
    const parsed = parseCsv(text);
    expect(parsed.delimiter).toBe(delimiter);
    expect(parsed.records[0]).toEqual(["a", "b", "c"]);
    expect(parsed.records[1]).toHaveLength(3);
  });

  test("drops a BOM, reads quotes, doubled quotes, delimiters and newlines in cells, CRLF, blank lines", () => {
    const parsed = parseCsv('\uFEFFname,notes\r\n"Mug, tall","He said ""hi""\r\nsecond line"\r\n\r\nJug,\r\n');
    expect(parsed.records).toEqual([["name", "notes"], ["Mug, tall", 'He said "hi"\r\nsecond line'], ["Jug", ""]]);
    expect(parsed.unclosedQuoteLine).toBeNull();
  });

  test("an unclosed quote is found", () => {
    expect(parseCsv('name,sku\n"Mug,M1\n').unclosedQuoteLine).toBe(2);
    expect(checkCsv('name,sku,quantity\n"Mug,M1,1\n').fileError).toBe("Row 2 opens a quoted cell that never closes: check its quotes");
  });
});

describe("column mapping", () => {
  test("headers other tools write are matched, without case or punctuation", () => {
    expect(guessMapping(["Product Name", "Item Code", "Qty", "Unit Price", "Warehouse", "Notes"])).toEqual({
      name: 0,
      sku: 1,
      quantity: 2,
      unit_cost: 3,
      location: 4,
      description: 5,
    });
    expect(guessMapping(["foo", "bar"])).toEqual({});
  });

  test("required fields must be mapped, and a column serves one field", () => {
    const header = ["a", "b", "c"];
    expect(mappingError({ name: 0 }, header)).toBe("Choose a column for SKU, Quantity");
    expect(mappingError({ name: 0, sku: 0, quantity: 2 }, header)).toBe('The column "a" is chosen for two fields');
    expect(mappingError({ name: 0, sku: 1, quantity: 7 }, header)).toBe("A chosen column is not in the file");
    expect(mappingError({ name: 0, sku: 1, quantity: 2 }, header)).toBeNull();
  });

  test("rows are read through the mapping and numbered as in the file", () => {
    const check = checkRecords([["Stock", "Code", "Title"], ["3", "C-1", "Lamp"], ["x", "C-2", "Desk"]], { quantity: 0, sku: 1, name: 2 });
    expect(check.rows.map((r) => [r.row, r.input.name])).toEqual([[2, "Lamp"]]);
    expect(check.errors).toEqual([{ row: 3, messages: ["Quantity must be a whole number, 0 or more"] }]);
  });

  test("the template imports as it is", () => {
    const check = checkCsv(templateCsv());
    expect(check.fileError).toBeNull();
    expect(check.errors).toEqual([]);
    expect(check.rows).toHaveLength(2);
  });
});

describe("planImport", () => {
  const rows = checkCsv("name,sku,quantity\nA,S-1,1\nB,S-2,2\nC,S-1,3\nD,S-3,4\n").rows;
  const held = new Map([["S-3", "asset-3"]]);

  test("skip: the first of a repeated SKU, nothing for items already held", () => {
    const plan = planImport(rows, held, "skip");
    expect(plan.entries.map((e) => [e.op, e.input.name])).toEqual([["create", "A"], ["create", "B"]]);
    expect(plan).toMatchObject({ creates: 2, updates: 0, skipped: 2, repeated: [{ sku: "S-1", rows: [2, 4] }], existing: ["S-3"] });
  });

  test("update: the last of a repeated SKU, and the held item updated", () => {
    const plan = planImport(rows, held, "update");
    expect(plan.entries.map((e) => [e.op, e.input.name, e.op === "update" ? e.assetId : null])).toEqual([
      ["create", "C", null],
      ["create", "B", null],
      ["update", "D", "asset-3"],
    ]);
    expect(plan).toMatchObject({ creates: 2, updates: 1, skipped: 1 });
  });
});

describe("pricing", () => {
  test("volume tiers: 5 TMT for the first 100, 2 TMT to 1,000, then 1 TMT", () => {
    expect(importCost(0)).toBe(0);
    expect(importCost(3)).toBe(15);
    expect(importCost(100)).toBe(500);
    expect(importCost(101)).toBe(502);
    expect(importCost(1_000)).toBe(2_300);
    expect(importCost(10_000)).toBe(11_300);
    expect(importCostLines(1_500)).toEqual([
      { count: 100, each: 5, subtotal: 500 },
      { count: 900, each: 2, subtotal: 1_800 },
      { count: 500, each: 1, subtotal: 500 },
    ]);
  });

  test("the top-up offered is the smallest pack that covers the shortfall", () => {
    expect(packFor(11_300, 50).id).toBe("tmt_12000");
    expect(packFor(600, 50).id).toBe("tmt_1000");
    expect(packFor(500_000, 0).id).toBe("tmt_60000");
  });
});
