// The insurance report (issue 28 item 7) and amounts in a currency on the server (item 3):
// what the report's CSV and totals hold, what a tag with a bad amount gets, the workspace's
// currency, and the migration of old pence to pounds.
import { afterEach, beforeEach, expect, test, vi } from "vitest";
import { runToCompletion } from "@convex-dev/migrations";
import { api, components, internal } from "../../convex/_generated/api";
import type { Id } from "../../convex/_generated/dataModel";
import { withTriggers } from "../../convex/lib/writes";
import { fundedUser, generalInput, tagGeneral, upload } from "./assets-support";
import { errorData, makeUser, setupTest, type Backend } from "./setup";

beforeEach(() => vi.useFakeTimers());
afterEach(() => vi.useRealTimers());

const value = (amount: number, currency: string) => ({ ...generalInput.details, purchaseValue: { amount, currency } });
// Details with fields the shared fixture's type does not name (the field table has them).
const general = (details: object) => details as typeof generalInput.details;

async function readFile(t: Backend, id: Id<"_storage">) {
  return await t.run(async (ctx) => await (await ctx.storage.get(id))!.text());
}

test("a report lists every item with its value, serials and files, and totals per currency and per location, never across currencies", async () => {
  const t = setupTest();
  const owner = await fundedUser(t, 100);
  const photo = await upload(t, "image/jpeg");
  const receipt = await upload(t, "application/pdf");
  const bike = await tagGeneral(owner.as, { name: "Road bike", details: general({ ...value(150000, "GBP"), makerSerial: "WTU 123-4567", location: "Garage" }) }, [
    { storageId: photo, kind: "photo", name: "bike.jpg" },
    { storageId: receipt, kind: "document", name: "receipt.pdf" },
  ]);
  await tagGeneral(owner.as, { name: "Camera", details: general({ ...value(89900, "EUR"), location: "Garage" }) });
  await tagGeneral(owner.as, { name: "Laptop", details: general({ ...value(120050, "GBP"), location: "Study" }) });
  await tagGeneral(owner.as, { name: "Old chair", details: general({ kind: "general" }) });

  await owner.as.mutation(api.insuranceReports.start, {});
  await t.finishAllScheduledFunctions(vi.runAllTimers);
  const report = (await owner.as.query(api.insuranceReports.latest, {}))!;
  expect(report).toMatchObject({ status: "ready", selection: false, processed: 4, total: 4 });
  expect(report.totals).toEqual({
    items: 4,
    values: [{ currency: "EUR", amount: 89900 }, { currency: "GBP", amount: 270050 }],
    byLocation: [
      { location: "Garage", items: 2, values: [{ currency: "EUR", amount: 89900 }, { currency: "GBP", amount: 150000 }] },
      { location: "No location", items: 1, values: [] },
      { location: "Study", items: 1, values: [{ currency: "GBP", amount: 120050 }] },
    ],
  });

  const stored = await t.run(async (ctx) => (await ctx.db.query("insuranceReports").first())!);
  const csv = (await readFile(t, stored.csv!)).split("\r\n");
  const header = csv[0].split(",");
  expect(header[0]).toBe("serial");
  expect(header.slice(-3)).toEqual(["value", "photos", "documents"]);
  const bikeRow = csv.find((line) => line.startsWith(bike.serial))!.split(",");
  const cell = (column: string) => bikeRow[header.indexOf(column)];
  expect([cell("name"), cell("maker_serial"), cell("purchase_value"), cell("value"), cell("photos"), cell("documents"), cell("location")])
    .toEqual(["Road bike", "WTU1234567", "1500.00 GBP", "1500.00 GBP", "1", "receipt.pdf", "Garage"]);
  expect(csv).toContain("Total,4 items" + ",".repeat(header.length - 5) + ",899.00 EUR; 2700.50 GBP,,");
  expect(csv.some((line) => line.startsWith("Total: Garage,2 items") && line.includes("899.00 EUR; 1500.00 GBP"))).toBe(true);

  // The PDF's rows: the photo's URL for its thumbnail, the documents by name.
  const rows = JSON.parse(await readFile(t, stored.rows!)) as { serial: string; photoUrl: string | null; documents: string[] }[];
  expect(rows.find((r) => r.serial === bike.serial)).toMatchObject({ photoUrl: expect.stringMatching(/^https?:\/\//), documents: ["receipt.pdf"] });
});

test("a report totals what the dashboard's Value shows: lost and stolen items in, items marked transferred left out, chosen or not", async () => {
  const t = setupTest();
  const owner = await fundedUser(t, 100);
  const bike = await tagGeneral(owner.as, { name: "Road bike", details: value(150000, "GBP") });
  const camera = await tagGeneral(owner.as, { name: "Camera", details: value(89900, "EUR") });
  const sold = await tagGeneral(owner.as, { name: "Sold laptop", details: value(120050, "GBP") });
  await owner.as.mutation(api.assets.setStatus, { assetId: bike.assetId, status: "stolen" });
  await owner.as.mutation(api.assets.setStatus, { assetId: camera.assetId, status: "lost" });
  await owner.as.mutation(api.assets.setStatus, { assetId: sold.assetId, status: "transferred" });
  const worth = (await owner.as.query(api.dashboard.worth, {}))!.values;
  expect(worth).toEqual([{ currency: "EUR", amount: 89900 }, { currency: "GBP", amount: 150000 }]);
  for (const assetIds of [undefined, [bike.assetId, camera.assetId, sold.assetId]]) {
    await owner.as.mutation(api.insuranceReports.start, { assetIds });
    await t.finishAllScheduledFunctions(vi.runAllTimers);
    const report = (await owner.as.query(api.insuranceReports.latest, {}))!;
    expect(report.totals).toMatchObject({ items: 2, values: worth });
    if (assetIds === undefined) expect(report).toMatchObject({ processed: 2, total: 2 });
  }
});

test("a selection's report holds only the chosen items of the caller's workspace", async () => {
  const t = setupTest();
  const owner = await fundedUser(t, 100);
  const other = await fundedUser(t, 100);
  const bike = await tagGeneral(owner.as, { name: "Road bike" });
  await tagGeneral(owner.as, { name: "Camera" });
  const theirs = await tagGeneral(other.as, { name: "Their bike" });
  await owner.as.mutation(api.insuranceReports.start, { assetIds: [bike.assetId, theirs.assetId] });
  await t.finishAllScheduledFunctions(vi.runAllTimers);
  const report = (await owner.as.query(api.insuranceReports.latest, {}))!;
  expect(report).toMatchObject({ status: "ready", selection: true, totals: { items: 1, values: [{ currency: "GBP", amount: 150000 }] } });
  // Another workspace's report reads as none.
  expect(await other.as.query(api.insuranceReports.latest, {})).toBeNull();
  const tooMany = Array.from({ length: 5001 }, () => bike.assetId);
  expect(await errorData(() => owner.as.mutation(api.insuranceReports.start, { assetIds: tooMany }))).toEqual({
    code: "INVALID",
    message: "Choose at most 5,000 items for a report, or report the whole workspace",
  });
});

test("an amount is refused with its message when its currency is unknown, it is negative or it has more decimals than its currency", async () => {
  const t = setupTest();
  const owner = await fundedUser(t, 100);
  const refused = async (amount: number, currency: string) =>
    await errorData(() => tagGeneral(owner.as, { details: value(amount, currency) }));
  expect(await refused(100, "XYZ")).toMatchObject({ code: "INVALID", message: "Purchase value needs a currency code such as GBP, EUR or USD" });
  expect(await refused(100, "TMT")).toMatchObject({ code: "INVALID", message: "Purchase value needs a currency code such as GBP, EUR or USD" });
  expect(await refused(-100, "GBP")).toMatchObject({ code: "INVALID", message: "Purchase value cannot be negative" });
  expect(await refused(12.5, "JPY")).toMatchObject({ code: "INVALID", message: "Purchase value in JPY has no decimal places" });
  expect(await t.run(async (ctx) => (await ctx.db.query("assets").collect()).length)).toBe(0);
  await tagGeneral(owner.as, { details: value(1250, "JPY") });
  expect(await t.run(async (ctx) => (await ctx.db.query("assets").first())!.details)).toMatchObject({ purchaseValue: { amount: 1250, currency: "JPY" } });
});

test("a workspace's currency is GBP until an owner or admin sets another; an unknown code is refused", async () => {
  const t = setupTest();
  const owner = await fundedUser(t, 0);
  expect((await owner.as.query(api.workspaces.current, {}))!.currency).toBe("GBP");
  expect(await errorData(() => owner.as.mutation(api.workspaces.setCurrency, { currency: "XYZ" }))).toMatchObject({
    code: "INVALID",
    message: "The default currency needs a currency code such as GBP, EUR or USD",
  });
  await owner.as.mutation(api.workspaces.setCurrency, { currency: "EUR" });
  expect((await owner.as.query(api.workspaces.listMine, {}))[0].currency).toBe("EUR");
});

test("the migration stores old pence as pounds and moves the stock groups' pence, nothing lost; reads agree before and after", async () => {
  const t = setupTest();
  const shop = await makeUser(t, { isBusinessUser: true });
  // Written as the code before currencies wrote them: bare pence, through the app's triggers.
  await t.run(async (raw) =>
    withTriggers(raw, async (ctx) => {
      const now = Date.now();
      const base = { workspaceId: shop.workspaceId, kind: "business" as const, visibility: "private" as const, status: "active" as const, files: [], taggedAt: now, updatedAt: now };
      await ctx.db.insert("assets", { ...base, serial: "TMT-OLD1-AAAA", name: "Mug", searchText: "mug", details: { kind: "business", sku: "M-1", quantity: 3, unitCost: 450, location: "Shop" } });
      await ctx.db.insert("assets", { ...base, serial: "TMT-OLD2-AAAA", name: "Jug", searchText: "jug", details: { kind: "business", sku: "J-1", quantity: 2 } });
    }),
  );
  // And the workspace's total as the old trigger kept it: pence in `value`.
  await t.run(async (ctx) => {
    const all = (await ctx.db.query("stockGroups").collect()).find((g) => g.dimension === "all")!;
    await ctx.db.patch("stockGroups", all._id, { values: undefined, value: 1350 });
  });
  const before = await shop.as.query(api.inventory.summary, {});
  expect(before.totals).toEqual({ items: 2, quantity: 5, values: [{ currency: "GBP", amount: 1350 }] });
  await t.run(async (ctx) => {
    await runToCompletion(ctx, components.migrations, internal.migrations.giveValuesCurrencies);
    await runToCompletion(ctx, components.migrations, internal.migrations.stockValuesInCurrencies);
  });
  const stored = await t.run(async (ctx) => ({
    assets: (await ctx.db.query("assets").collect()).map((a) => a.details),
    groups: (await ctx.db.query("stockGroups").collect()).map((g) => ({ dimension: g.dimension, values: g.values ?? null, value: g.value ?? null })),
  }));
  expect(stored.assets).toEqual([
    { kind: "business", sku: "M-1", quantity: 3, unitCost: { amount: 450, currency: "GBP" }, location: "Shop" },
    { kind: "business", sku: "J-1", quantity: 2 },
  ]);
  expect(stored.groups.find((g) => g.dimension === "all")).toEqual({ dimension: "all", values: { GBP: 1350 }, value: null });
  expect(stored.groups.every((g) => g.value === null && g.values !== null)).toBe(true);
  expect(await shop.as.query(api.inventory.summary, {})).toEqual(before);
});

test("a public item's value reaches neither /verify nor the public list", async () => {
  const t = setupTest();
  const owner = await fundedUser(t, 100);
  const bike = await tagGeneral(owner.as, { visibility: "public", details: value(987654, "EUR") });
  const seen = JSON.stringify([await t.query(api.verify.bySerial, { serial: bike.serial }), await t.query(api.publicAssets.list, { paginationOpts: { numItems: 10, cursor: null } })]);
  expect(seen).toContain(bike.serial);
  expect(seen).not.toMatch(/987654|9876\.54|9,876|EUR/);
});
