// Custom fields per category (issue 28 item 2): owners and admins define them, editors fill them
// in; values are checked on the server by the rules the forms run (bad input refused, nothing
// written); they are in the detail, the history and the search; a hidden field never reaches
// /verify, the verify API or the public list; changing a field never loses a value.
import { afterEach, beforeEach, describe, expect, test, vi } from "vitest";
import { runToCompletion } from "@convex-dev/migrations";
import { api, components, internal } from "../../convex/_generated/api";
import type { Id } from "../../convex/_generated/dataModel";
import { fundedUser, generalInput, tagGeneral } from "./assets-support";
import { business, runJobs } from "./imports-support";
import { checkCsv, guessMapping } from "../../convex/lib/csv/import";
import { customCells, guessCustomMapping } from "../../convex/lib/customFields/csv";
import { errorData, setupTest, snapshot, type Backend, type Client } from "./setup";

type Definition = { label: string; type: "text" | "number" | "date" | "money" | "select" | "url" | "checkbox"; options?: string[]; currency?: string; required?: boolean; showOnVerify?: boolean; showOnLabel?: boolean };

async function define(as: Client, def: Definition, category = "Bicycles"): Promise<Id<"customFields">> {
  return await as.mutation(api.customFields.create, { category, required: false, showOnVerify: false, ...def });
}

/** One field of every type in Bicycles. */
async function everyType(as: Client) {
  return {
    frame: await define(as, { label: "Frame size", type: "select", options: ["S", "M", "L"], showOnVerify: true }),
    wheel: await define(as, { label: "Wheel size", type: "number" }),
    serviced: await define(as, { label: "Next service", type: "date" }),
    insured: await define(as, { label: "Insured value", type: "money", currency: "EUR" }),
    notes: await define(as, { label: "Lock code", type: "text" }),
    manual: await define(as, { label: "Manual", type: "url" }),
    ebike: await define(as, { label: "Electric", type: "checkbox" }),
  };
}

const page = { paginationOpts: { numItems: 20, cursor: null } };

async function drain(t: Backend) {
  await t.finishAllScheduledFunctions(() => undefined);
}

describe("custom field definitions", () => {
  test("an owner defines fields per category; a viewer's screens read them; bad definitions are refused", async () => {
    const t = setupTest();
    const owner = await fundedUser(t, 0);
    const id = await define(owner.as, { label: " Frame size ", type: "select", options: ["S", " M ", "L"] }, " bicycles ");
    expect(await owner.as.query(api.customFields.list, {})).toEqual([
      expect.objectContaining({ _id: id, category: "bicycles", label: "Frame size", type: "select", options: ["S", "M", "L"], currency: null, removed: false }),
    ]);
    const before = await snapshot(t);
    const refused = async (def: Definition, category = "Bicycles") => (await errorData(() => define(owner.as, def, category))).message;
    expect(await refused({ label: "Frame size", type: "text" }, "BICYCLES")).toBe("This category already has a field with that name");
    expect(await refused({ label: "Colour", type: "select", options: [" "] })).toBe("A list needs at least one choice");
    expect(await refused({ label: "Colour", type: "select", options: ["Red", "Red"] })).toBe("Each choice must be different");
    expect(await refused({ label: "Colour", type: "select", options: Array.from({ length: 31 }, (_, i) => `c${i}`) })).toBe("A list can have at most 30 choices");
    expect(await refused({ label: "Price", type: "money", currency: "pounds" })).toBe("A money field needs a currency code such as GBP, EUR or USD");
    expect(await refused({ label: "x".repeat(61), type: "text" })).toBe("A field name must be at most 60 characters");
    expect(await refused({ label: "Two\nlines", type: "text" })).toMatch(/line breaks/);
    expect(await refused({ label: "Ticked", type: "checkbox", required: true })).toBe("A checkbox cannot be required: unticked is an answer");
    expect(await refused({ label: "Size", type: "text" }, "  ")).toBe("Choose the category the field belongs to");
    expect(await snapshot(t)).toEqual(before);
  });

  test("a category holds at most 20 fields", async () => {
    const t = setupTest();
    const owner = await fundedUser(t, 0);
    for (let i = 0; i < 20; i++) await define(owner.as, { label: `Field ${i}`, type: "text" });
    expect((await errorData(() => define(owner.as, { label: "One more", type: "text" }))).message).toBe("A category can have at most 20 custom fields");
    // Another category has its own room.
    await define(owner.as, { label: "One more", type: "text" }, "Tools");
  });
});

describe("custom values", () => {
  test("every type is stored as typed, shown on the detail, and bad input of each type is refused with nothing written", async () => {
    const t = setupTest();
    const owner = await fundedUser(t, 50);
    const f = await everyType(owner.as);
    const good = {
      [f.frame]: "M",
      [f.wheel]: 28.5,
      [f.serviced]: "2031-05-01",
      [f.insured]: { amount: 120000, currency: "EUR" },
      [f.notes]: "  4521  ",
      [f.manual]: "https://example.com/manual.pdf",
      [f.ebike]: true,
    };
    const { assetId } = await owner.as.mutation(api.assets.tag, { ...generalInput, custom: good, files: [] });
    const detail = await owner.as.query(api.assets.get, { assetId });
    expect(detail!.custom).toEqual({ ...good, [f.notes]: "4521" });

    const before = await snapshot(t);
    const bad: [string, unknown, string][] = [
      [f.frame, "XL", "Choose a frame size from the list"],
      [f.wheel, "twenty", "Wheel size must be a number"],
      [f.wheel, 1e13, "Wheel size must be a number"],
      [f.serviced, "2031-02-30", "Next service must be a real date"],
      [f.insured, { amount: 12.5, currency: "EUR" }, "Insured value in EUR has at most 2 decimal places"],
      [f.insured, { amount: -100, currency: "EUR" }, "Insured value cannot be negative"],
      [f.insured, { amount: 1000, currency: "GBP" }, "Insured value must be in EUR"],
      [f.insured, { amount: 1000, currency: "TMT" }, "Insured value needs a currency code such as GBP, EUR or USD"],
      [f.insured, 1000, "Insured value must be an amount like 1234.50, £1,234.50 or 1234.50 GBP"],
      [f.notes, "x".repeat(501), "Lock code must be at most 500 characters"],
      [f.notes, "a\u0000b", "Lock code cannot contain line breaks or control characters"],
      [f.manual, "javascript:alert(1)", "Manual must start with http:// or https://"],
      [f.ebike, "yes", "Electric must be ticked or left empty"],
    ];
    for (const [field, value, message] of bad) {
      expect(await errorData(() => owner.as.mutation(api.assets.tag, { ...generalInput, custom: { [field]: value as never }, files: [] }))).toEqual({ code: "INVALID", message });
    }
    // A field of another category (or of nothing) is refused too.
    const tools = await define(owner.as, { label: "Voltage", type: "number" }, "Tools");
    const afterDefine = await snapshot(t);
    expect((await errorData(() => tagGeneral(owner.as, { custom: { [tools]: 18 } } as never))).message).toBe("This field does not belong to the item's category");
    expect((await errorData(() => tagGeneral(owner.as, { custom: { nonsense: "x" } } as never))).message).toBe("This field does not belong to the item's category");
    expect(await snapshot(t)).toEqual(afterDefine);
    expect(before.assets).toEqual(afterDefine.assets);
  });

  test("a required field is refused empty; edits are in the history by label; an edit that leaves custom values out keeps them", async () => {
    const t = setupTest();
    const owner = await fundedUser(t, 50);
    const frame = await define(owner.as, { label: "Frame size", type: "select", options: ["S", "M"], required: true });
    expect((await errorData(() => tagGeneral(owner.as, { custom: {} } as never))).message).toBe("Frame size is required");
    const { assetId } = await tagGeneral(owner.as, { custom: { [frame]: "S" } } as never);
    let detail = (await owner.as.query(api.assets.get, { assetId }))!;
    await owner.as.mutation(api.assets.update, { assetId, version: detail.version, ...generalInput, custom: { [frame]: "M" } });
    const history = await owner.as.query(api.assets.history, { assetId });
    expect(history[0].changes).toEqual([{ field: "Frame size", from: "S", to: "M" }]);
    detail = (await owner.as.query(api.assets.get, { assetId }))!;
    await owner.as.mutation(api.assets.update, { assetId, version: detail.version, ...generalInput, name: "Renamed bike" });
    expect((await owner.as.query(api.assets.get, { assetId }))!.custom).toEqual({ [frame]: "M" });
  });

  test("changing the category keeps the old category's values; removing a field keeps them and restoring brings it back", async () => {
    const t = setupTest();
    const owner = await fundedUser(t, 50);
    const frame = await define(owner.as, { label: "Frame size", type: "text" });
    const { assetId } = await tagGeneral(owner.as, { custom: { [frame]: "56 cm" } } as never);
    let detail = (await owner.as.query(api.assets.get, { assetId }))!;
    await owner.as.mutation(api.assets.update, { assetId, version: detail.version, ...generalInput, category: "Tools", custom: {} });
    detail = (await owner.as.query(api.assets.get, { assetId }))!;
    expect(detail.custom).toEqual({ [frame]: "56 cm" });
    await owner.as.mutation(api.customFields.remove, { fieldId: frame });
    expect((await owner.as.query(api.customFields.list, {}))[0].removed).toBe(true);
    await owner.as.mutation(api.customFields.restore, { fieldId: frame });
    expect((await owner.as.query(api.customFields.list, {}))[0].removed).toBe(false);
    expect((await owner.as.query(api.assets.get, { assetId }))!.custom).toEqual({ [frame]: "56 cm" });
  });

  test("a field's type, currency or a choice in use cannot change under its values; a rename can", async () => {
    const t = setupTest();
    const owner = await fundedUser(t, 50);
    const frame = await define(owner.as, { label: "Frame size", type: "select", options: ["S", "M", "L"] });
    // A money field named without a currency is in the workspace's.
    await owner.as.mutation(api.workspaces.setCurrency, { currency: "JPY" });
    const price = await define(owner.as, { label: "Insured value", type: "money" });
    expect((await owner.as.query(api.customFields.list, {})).find((d) => d._id === price)).toMatchObject({ currency: "JPY" });
    const edit = (fieldId: Id<"customFields">, def: Definition) => owner.as.mutation(api.customFields.update, { fieldId, required: false, showOnVerify: false, ...def });
    // An edit that names no currency keeps the field's.
    await edit(price, { label: "Insured value (JPY)", type: "money" });
    expect((await owner.as.query(api.customFields.list, {})).find((d) => d._id === price)).toMatchObject({ currency: "JPY" });
    // No values yet: anything may change.
    await edit(price, { label: "Insured value", type: "money", currency: "USD" });
    await tagGeneral(owner.as, { custom: { [frame]: "M", [price]: { amount: 500, currency: "USD" } } } as never);
    const before = await snapshot(t);
    const typeInUse = "Items hold values in this field, so its type and currency stay as they are. Clear those values first, or add a new field.";
    expect((await errorData(() => edit(frame, { label: "Frame size", type: "text" }))).message).toBe(typeInUse);
    expect((await errorData(() => edit(price, { label: "Insured value", type: "money", currency: "GBP" }))).message).toBe(typeInUse);
    expect((await errorData(() => edit(frame, { label: "Frame size", type: "select", options: ["S", "L"] }))).message).toBe('Items still hold the choice "M". Change them first, then remove it.');
    expect(await snapshot(t)).toEqual(before);
    await edit(frame, { label: "Frame", type: "select", options: ["M", "XL"] });
    expect((await owner.as.query(api.customFields.list, {})).find((d) => d._id === frame)).toMatchObject({ label: "Frame", options: ["M", "XL"] });
  });
});

describe("custom values in lists and search", () => {
  test("My Assets sorts and filters by a field of every type on the server; another workspace's values never appear; a non-member is refused", async () => {
    const t = setupTest();
    const owner = await fundedUser(t, 50);
    const f = await everyType(owner.as);
    const eur = (amount: number) => ({ amount, currency: "EUR" });
    const tag = async (name: string, custom: Record<string, unknown>, category = "Bicycles") => (await tagGeneral(owner.as, { name, category, custom } as never)).assetId;
    const a = await tag("A", { [f.frame]: "S", [f.wheel]: 29, [f.serviced]: "2031-03-01", [f.insured]: eur(90000), [f.notes]: "Blue lock", [f.manual]: "https://b.example/m", [f.ebike]: true });
    const b = await tag("B", { [f.frame]: "L", [f.wheel]: 26, [f.serviced]: "2030-01-15", [f.insured]: eur(150000), [f.notes]: "Amber", [f.manual]: "https://a.example/m" });
    const c = await tag("C", { [f.frame]: "M", [f.wheel]: 28, [f.serviced]: "2032-07-30", [f.insured]: eur(30000), [f.notes]: "Blueprint", [f.manual]: "https://c.example", [f.ebike]: true });
    await tag("No values", {});
    await tag("Another category", {}, "Tools");
    // Another workspace's item in its own Bicycles field, with values in every filter's range.
    const stranger = await fundedUser(t, 50);
    const theirs = await define(stranger.as, { label: "Wheel size", type: "number" });
    await tagGeneral(stranger.as, { name: "Theirs", custom: { [theirs]: 27 } } as never);

    const names = async (fieldId: string, view: { order?: "asc" | "desc"; value?: string | number | boolean; from?: string | number; to?: string | number; prefix?: string } = {}) =>
      (await owner.as.query(api.customFields.itemsByValue, { fieldId, order: "asc", ...view, ...page })).page.map((i) => i.name);
    // Sorted: only the items holding a value, in the field's order (money by its amount).
    expect(await names(f.frame)).toEqual(["B", "C", "A"]);
    expect(await names(f.wheel)).toEqual(["B", "C", "A"]);
    expect(await names(f.wheel, { order: "desc" })).toEqual(["A", "C", "B"]);
    expect(await names(f.serviced)).toEqual(["B", "A", "C"]);
    expect(await names(f.insured)).toEqual(["C", "A", "B"]);
    expect(await names(f.notes)).toEqual(["B", "A", "C"]);
    expect(await names(f.manual)).toEqual(["B", "A", "C"]);
    expect(await names(f.ebike)).toEqual(["A", "C"]);
    // Filtered: a choice, a range (both ends included), text starting with, ticked.
    expect(await names(f.frame, { value: "M" })).toEqual(["C"]);
    expect(await names(f.wheel, { from: 27, to: 29 })).toEqual(["C", "A"]);
    expect(await names(f.serviced, { from: "2031-01-01" })).toEqual(["A", "C"]);
    expect(await names(f.serviced, { from: "2031-01-01", to: "2031-12-31" })).toEqual(["A"]);
    expect(await names(f.insured, { from: 50000, to: 150000, order: "desc" })).toEqual(["B", "A"]);
    expect(await names(f.notes, { prefix: "Blue" })).toEqual(["A", "C"]);
    expect(await names(f.manual, { prefix: "https://c." })).toEqual(["C"]);
    // "Starts with" ignores case, both ways.
    expect(await names(f.notes, { prefix: "blue" })).toEqual(["A", "C"]);
    expect(await names(f.notes, { prefix: "BLUEP" })).toEqual(["C"]);
    expect(await names(f.manual, { prefix: "HTTPS://C." })).toEqual(["C"]);
    expect(await names(f.ebike, { value: true })).toEqual(["A", "C"]);
    // The rows carry the values the picked columns show.
    const rows = (await owner.as.query(api.customFields.itemsByValue, { fieldId: f.insured, order: "asc", ...page })).page;
    expect(rows[0].custom[f.insured]).toEqual(eur(30000));
    // "Select all matching" walks the same view.
    const ids = await owner.as.query(api.assetBulk.matchingIds, { field: { fieldId: f.wheel, order: "asc", from: 27 }, cursor: null });
    expect(ids.ids).toEqual([c, a]);
    expect(b).toBeDefined();

    // The stranger reads nothing of the owner's field in their own workspace, and is refused in the owner's.
    expect((await stranger.as.query(api.customFields.itemsByValue, { fieldId: f.wheel, order: "asc", ...page })).page).toEqual([]);
    expect(await errorData(() => stranger.as.query(api.customFields.itemsByValue, { workspaceId: owner.workspaceId, fieldId: f.wheel, order: "asc", ...page }))).toMatchObject({ code: "NOT_FOUND" });
    // Text longer than a value can be is refused.
    expect((await errorData(() => names(f.notes, { prefix: "x".repeat(501) }))).code).toBe("INVALID");
  });

  test("values written before case folding are found by \"starts with\" in any case once migrated, each row once", async () => {
    const t = setupTest();
    const owner = await fundedUser(t, 50);
    const notes = await define(owner.as, { label: "Lock code", type: "text" });
    await tagGeneral(owner.as, { name: "A", category: "Bicycles", custom: { [notes]: "Blue lock" } } as never);
    await tagGeneral(owner.as, { name: "B", category: "Bicycles", custom: { [notes]: "Amber" } } as never);
    // As the previous release stored them: no folded text.
    await t.run(async (ctx) => {
      for (const row of await ctx.db.query("customFieldValues").collect()) await ctx.db.patch("customFieldValues", row._id, { folded: undefined });
    });
    const starting = async (prefix: string) => (await owner.as.query(api.customFields.itemsByValue, { fieldId: notes, order: "asc", prefix, ...page })).page.map((i) => i.name);
    expect(await starting("blue")).toEqual([]);
    await t.run(async (ctx) => {
      await runToCompletion(ctx, components.migrations, internal.migrations.foldCustomTexts);
    });
    expect(await starting("blue")).toEqual(["A"]);
    expect(await starting("AM")).toEqual(["B"]);
    expect(await t.run(async (ctx) => (await ctx.db.query("customFieldValues").collect()).map((r) => r.folded).sort())).toEqual(["amber", "blue lock"]);
  });

  test("the inventory orders and filters by a field with its own filters, and a filtered page holds a full page", async () => {
    const t = setupTest();
    const owner = await business(t, 5000);
    const voltage = await define(owner.as, { label: "Voltage", type: "number" }, "Tools");
    for (let i = 0; i < 45; i++) {
      await owner.as.mutation(api.assets.tag, {
        kind: "business",
        name: `Drill ${i}`,
        category: "Tools",
        visibility: "private",
        details: { kind: "business", sku: `D-${i}`, quantity: 1, unitCost: { amount: 100, currency: "GBP" }, location: i % 2 === 0 ? "Van" : "Shelf" },
        custom: { [voltage]: i },
        files: [],
      } as never);
    }
    const items = async (field: Record<string, unknown>, cursor: string | null = null, location?: string) =>
      await owner.as.query(api.inventory.items, { field: { fieldId: voltage, order: "asc", ...field } as never, location, paginationOpts: { numItems: 20, cursor } });
    const first = await items({ from: 10, to: 39 });
    expect(first.page.map((i) => i.name)).toEqual(Array.from({ length: 20 }, (_, i) => `Drill ${i + 10}`));
    const second = await items({ from: 10, to: 39 }, first.continueCursor);
    expect(second.page.map((i) => i.name)).toEqual(Array.from({ length: 10 }, (_, i) => `Drill ${i + 30}`));
    expect(second.isDone).toBe(true);
    // With the location filter on top, still in the field's order.
    expect((await items({ order: "desc", to: 6 }, null, "Van")).page.map((i) => i.name)).toEqual(["Drill 6", "Drill 4", "Drill 2", "Drill 0"]);
    // The export holds what the table shows.
    const exported = await owner.as.query(api.business.exportPage, { field: { fieldId: voltage, order: "desc", from: 43 }, cursor: null });
    expect(exported.items.map((i) => i.name)).toEqual(["Drill 44", "Drill 43"]);
  });

  test("a field switched to 'show on label' prints its value as a label line; the others do not", async () => {
    const t = setupTest();
    const owner = await fundedUser(t, 50);
    const frame = await define(owner.as, { label: "Frame size", type: "select", options: ["S", "M"], showOnLabel: true });
    const price = await define(owner.as, { label: "Insured value", type: "money", currency: "EUR", showOnLabel: true });
    const code = await define(owner.as, { label: "Lock code", type: "text" });
    const { assetId } = await tagGeneral(owner.as, { custom: { [frame]: "M", [price]: { amount: 120050, currency: "EUR" }, [code]: "4521" } } as never);
    const [label] = await owner.as.query(api.labels.forAssets, { ids: [assetId] });
    expect(label.lines).toContain("Frame size: M");
    expect(label.lines.join("\n")).not.toContain("4521");
    // Amounts in the reader's locale when the page sends one Intl takes, else as en-GB writes them.
    expect(label.lines).toContain("Insured value: €1,200.50");
    const [german] = await owner.as.query(api.labels.forAssets, { ids: [assetId], locale: "de-DE" });
    expect(german.lines).toContain("Insured value: 1.200,50\u00a0€");
    const [junk] = await owner.as.query(api.labels.forAssets, { ids: [assetId], locale: "not a locale!" });
    expect(junk.lines).toEqual(label.lines);
    expect((await owner.as.query(api.customFields.list, {})).map((d) => d.showOnLabel)).toEqual([true, true, false]);
  });

  test("an amount's history and /verify fact carry the amount itself, for the reader's locale, beside text that is no '1200.00 EUR'", async () => {
    const t = setupTest();
    const owner = await fundedUser(t, 50);
    const price = await define(owner.as, { label: "Insured value", type: "money", currency: "EUR", showOnVerify: true });
    const { assetId, serial } = await tagGeneral(owner.as, { category: "Bicycles", custom: { [price]: { amount: 120050, currency: "EUR" } } } as never);
    const loaded = (await owner.as.query(api.assets.get, { assetId }))!;
    await owner.as.mutation(api.assets.update, {
      assetId, version: loaded.version, ...generalInput, category: "Bicycles",
      details: { ...generalInput.details, purchaseValue: { amount: 160000, currency: "GBP" } },
      custom: { [price]: { amount: 130000, currency: "EUR" } },
    } as never);
    const [edit] = await owner.as.query(api.assets.history, { assetId });
    expect(edit.changes).toEqual(expect.arrayContaining([
      { field: "Purchase value", from: "£1,500.00", to: "£1,600.00", money: { from: { amount: 150000, currency: "GBP" }, to: { amount: 160000, currency: "GBP" } } },
      { field: "Insured value", from: "€1,200.50", to: "€1,300.00", money: { from: { amount: 120050, currency: "EUR" }, to: { amount: 130000, currency: "EUR" } } },
    ]));
    const page = await t.query(api.verify.bySerial, { serial });
    if (page.result !== "public") throw new Error("expected the public view");
    expect(page.facts).toContainEqual({ label: "Insured value", value: "€1,300.00", money: { amount: 130000, currency: "EUR" } });
  });

  test("a value of a field shown on /verify is searchable; switching the field off takes it out of the search", async () => {
    const t = setupTest();
    const owner = await fundedUser(t, 50);
    const engraving = await define(owner.as, { label: "Engraving", type: "text", showOnVerify: true });
    const { assetId } = await tagGeneral(owner.as, { custom: { [engraving]: "Bluebell" } } as never);
    const search = async () => (await owner.as.query(api.assets.listMine, { search: "Bluebell", ...page })).page.map((a) => a._id);
    expect(await search()).toEqual([assetId]);
    await owner.as.mutation(api.customFields.update, { fieldId: engraving, label: "Engraving", type: "text", required: false, showOnVerify: false });
    await drain(t);
    expect(await search()).toEqual([]);
  });
});

describe("custom values on /verify", () => {
  test("only fields switched on show; a hidden value is on no public answer (verify page, verify API, public list and its search)", async () => {
    const t = setupTest();
    const owner = await fundedUser(t, 50);
    const frame = await define(owner.as, { label: "Frame size", type: "select", options: ["S", "M"], showOnVerify: true });
    const code = await define(owner.as, { label: "Lock code", type: "text" });
    const { serial } = await tagGeneral(owner.as, { custom: { [frame]: "M", [code]: "SECRET-4521" } } as never);
    const verify = await t.query(api.verify.bySerial, { serial });
    expect(verify).toMatchObject({ result: "public", facts: expect.arrayContaining([{ label: "Frame size", value: "M" }]) });
    const response = await t.fetch(`/api/v1/verify/${serial}`, { headers: { "X-Forwarded-For": "203.0.113.9" } });
    expect(response.status).toBe(200);
    const publicList = await t.query(api.publicAssets.list, page);
    const publicSearch = await t.query(api.publicAssets.list, { ...page, search: "SECRET-4521" });
    const everything = JSON.stringify([verify, await response.text(), publicList, publicSearch]);
    expect(everything).not.toContain("SECRET-4521");
    expect(everything).not.toContain("Lock code");
    expect(publicSearch.page).toEqual([]);
    // Switched on later, it shows.
    await owner.as.mutation(api.customFields.update, { fieldId: code, label: "Lock code", type: "text", required: false, showOnVerify: true });
    expect(await t.query(api.verify.bySerial, { serial })).toMatchObject({ facts: expect.arrayContaining([{ label: "Lock code", value: "SECRET-4521" }]) });
  });
});

describe("custom fields in CSV", () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  test("an import fills each row's category's field by column name, refuses bad cells, and the export writes them back", async () => {
    const t = setupTest();
    const owner = await business(t);
    const mugSize = await define(owner.as, { label: "Size", type: "select", options: ["Small", "Large"] }, "Kitchen");
    const towelSize = await define(owner.as, { label: "Size", type: "number" }, "Linen");
    const price = await define(owner.as, { label: "List price", type: "money", currency: "EUR" }, "Kitchen");
    const defs = (await owner.as.query(api.customFields.list, {})).filter((d) => !d.removed);
    const header = ["name", "sku", "quantity", "category", "size", "List Price"];
    const base = guessMapping(header);
    const custom = guessCustomMapping(header, defs, base);
    expect(custom).toEqual({ Size: 4, "List price": 5 });
    const customMapping = Object.entries(custom).map(([label, column]) => ({ label, column }));
    const rows = [
      header.join(","),
      "Blue mug,MUG-001,10,Kitchen,Large,12.50",
      "Tea towel,TT-1,20,Linen,45,",
      "Bad mug,MUG-002,1,Kitchen,Huge,",
      "Bad towel,TT-2,1,Linen,wide,",
      "Odd one,ODD-1,1,Garden,Large,",
      "Pound mug,MUG-003,1,Kitchen,Small,£4.50",
    ].join("\n");
    const preview = checkCsv(rows, base, { custom: { defs, mapping: custom } });
    expect(preview.errors).toEqual([
      { row: 4, messages: ["Choose a size from the list"] },
      { row: 5, messages: ["Size must be a number"] },
      { row: 6, messages: ["Size is not a field of the category Garden"] },
      { row: 7, messages: ["List price must be in EUR"] },
    ]);
    const started = await owner.as.action(api.imports.start, { fileName: "stock.csv", csv: rows, mapping: base, customMapping, onDuplicate: "skip", expectedCost: 10 });
    expect(started).toMatchObject({ total: 2, leftOut: 4 });
    await runJobs(t);

    const exported = await owner.as.query(api.business.exportPage, { cursor: null });
    const bySku = Object.fromEntries(exported.items.map((i) => [i.sku, i.custom]));
    expect(bySku).toEqual({ "MUG-001": { [mugSize]: "Large", [price]: { amount: 1250, currency: "EUR" } }, "TT-1": { [towelSize]: 45 } });
    const cells = exported.items.map((i) => customCells(defs, i.category, i.custom));
    expect(cells).toEqual(expect.arrayContaining([{ Size: "Large", "List price": "12.50 EUR" }, { Size: "45", "List price": "" }]));
    // The exported cells import back as the same values.
    const again = checkCsv([["name", "sku", "quantity", "category", "Size", "List price"].join(","), `Blue mug,MUG-001,10,Kitchen,${cells.find((c) => c.Size === "Large")!.Size},${cells.find((c) => c.Size === "Large")!["List price"]}`].join("\n"), base, { custom: { defs, mapping: custom } });
    expect(again.rows[0].input.custom).toEqual(bySku["MUG-001"]);
  });
});
