// Adding a field is one entry in the kind's table (convex/lib/assets/fields.ts): this suite adds
// one to general assets and one to business items, and follows each through everything derived
// from the table: stored, validated (bad input refused, nothing written), searchable, exported,
// shown on /verify, on labels, in the history, and through the CSV import.
import { afterEach, beforeEach, describe, expect, test, vi } from "vitest";
import { api } from "../../convex/_generated/api";
import { fundedUser, generalInput, tagGeneral } from "./assets-support";
import { business, runJobs } from "./imports-support";
import { guessMapping } from "../../convex/lib/csv/import";
import { errorData, setupTest, snapshot } from "./setup";

vi.mock("../../convex/lib/assets/fields", async (importOriginal) => {
  const original = await importOriginal<typeof import("../../convex/lib/assets/fields")>();
  const { general, business: items } = original.KIND_FIELD_SPECS;
  return {
    ...original,
    KIND_FIELD_SPECS: {
      ...original.KIND_FIELD_SPECS,
      general: [...general, { key: "engraving", label: "Engraving", type: "line", max: 40, searchable: true, verify: true, onLabel: true, csv: { column: "engraving" } }],
      business: [...items, { key: "supplier", label: "Supplier", type: "line", max: 80, searchable: true, column: "Supplier", csv: { column: "supplier", synonyms: ["vendor"] } }],
    },
  };
});

const withEngraving = (engraving: string) => ({ details: { kind: "general" as const, brand: "Trek", engraving } as never });

describe("a field added to the general kind's table", () => {
  test("is stored (trimmed), searchable, exported, on /verify, on labels and in the history", async () => {
    const t = setupTest();
    const owner = await fundedUser(t, 50);
    const { assetId, serial } = await tagGeneral(owner.as, withEngraving("  Bluebell 1987  "));

    const detail = await owner.as.query(api.assets.get, { assetId });
    expect(detail!.details).toMatchObject({ kind: "general", brand: "Trek", engraving: "Bluebell 1987" });

    const found = await owner.as.query(api.assets.listMine, { search: "Bluebell", paginationOpts: { numItems: 10, cursor: null } });
    expect(found.page.map((a) => a._id)).toEqual([assetId]);

    const [row] = await owner.as.query(api.assetBulk.exportRows, { ids: [assetId] });
    expect(row.cells).toMatchObject({ engraving: "Bluebell 1987", brand: "Trek" });

    const verify = await t.query(api.verify.bySerial, { serial });
    expect(verify).toMatchObject({ result: "public", facts: expect.arrayContaining([{ label: "Engraving", value: "Bluebell 1987" }]) });

    const [label] = await owner.as.query(api.labels.forAssets, { ids: [assetId] });
    expect(label.lines).toEqual(["Engraving: Bluebell 1987"]);

    await owner.as.mutation(api.assets.update, { assetId, version: detail!.version, ...generalInput, ...withEngraving("Bluebell 1988") });
    const history = await owner.as.query(api.assets.history, { assetId });
    expect(history[0].changes).toEqual([{ field: "Engraving", from: "Bluebell 1987", to: "Bluebell 1988" }]);
  });

  test("is validated with its limits: too long or on two lines is refused and nothing is written", async () => {
    const t = setupTest();
    const owner = await fundedUser(t, 50);
    const before = await snapshot(t);
    expect(await errorData(() => tagGeneral(owner.as, withEngraving("x".repeat(41))))).toEqual({ code: "INVALID", message: "Engraving must be at most 40 characters" });
    expect((await errorData(() => tagGeneral(owner.as, withEngraving("one\ntwo")))).message).toMatch(/^Engraving /);
    expect(await snapshot(t)).toEqual(before);
  });

  test("a field no table lists is refused by the validators, never silently dropped", async () => {
    const t = setupTest();
    const owner = await fundedUser(t, 50);
    await expect(tagGeneral(owner.as, { details: { kind: "general", nickname: "Blue" } as never })).rejects.toThrow(/nickname/);
  });
});

describe("a field added to the business kind's table", () => {
  beforeEach(() => {
    vi.useFakeTimers();
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  test("is a CSV column (mapped from a synonym), imported, listed, searchable and exported", async () => {
    const t = setupTest();
    const owner = await business(t);
    const csv = ["name,sku,quantity,vendor", "Blue mug,MUG-001,10,Acme Pottery"].join("\n");
    const mapping = guessMapping(["name", "sku", "quantity", "vendor"]);
    expect(mapping).toMatchObject({ supplier: 3 });
    await owner.as.action(api.imports.start, { fileName: "stock.csv", csv, mapping, onDuplicate: "skip", expectedCost: 5 });
    await runJobs(t);

    const items = await owner.as.query(api.inventory.items, { paginationOpts: { numItems: 10, cursor: null } });
    expect(items.page).toEqual([expect.objectContaining({ name: "Blue mug", supplier: "Acme Pottery" })]);
    const searched = await owner.as.query(api.inventory.items, { search: "Acme", paginationOpts: { numItems: 10, cursor: null } });
    expect(searched.page.map((i) => i.sku)).toEqual(["MUG-001"]);
    const exported = await owner.as.query(api.business.exportPage, { cursor: null });
    expect(exported.items[0]).toMatchObject({ supplier: "Acme Pottery" });

    const tooLong = ["name,sku,quantity,vendor", `Jug,JUG-1,1,${"y".repeat(81)}`].join("\n");
    expect((await errorData(() => owner.as.action(api.imports.start, { fileName: "bad.csv", csv: tooLong, mapping, onDuplicate: "skip", expectedCost: 5 }))).message).toMatch(/No row of this file is valid/);
  });
});
