// /dashboard and /public-assets: the owner's overview and activity; the public registry without owners.
import { expect, test } from "vitest";
import { api } from "../../convex/_generated/api";
import { fundedUser, tagGeneral } from "./assets-support";
import { makeUser, setupTest } from "./setup";
import { ownerWithAsset } from "./verify-support";

const page = { numItems: 10, cursor: null };

test("signed out, the dashboard queries answer null", async () => {
  const t = setupTest();
  const { workspaceId } = await makeUser(t);
  expect(await t.query(api.dashboard.overview, { workspaceId })).toBeNull();
  expect(await t.query(api.dashboard.activity, { workspaceId })).toBeNull();
  expect(await t.query(api.dashboard.alerts, { workspaceId })).toBeNull();
});

test("counts by kind and status are the caller's own", async () => {
  const { t, owner, assetId } = await ownerWithAsset();
  await tagGeneral(owner.as, { name: "Laptop", visibility: "private" });
  await owner.as.mutation(api.assets.setStatus, { assetId, status: "stolen" });
  const other = await fundedUser(t);
  await tagGeneral(other.as, { name: "Not mine" });
  expect(await owner.as.query(api.dashboard.overview, {})).toEqual({
    total: 2,
    byKind: { general: 2, nft: 0, will: 0, business: 0 },
    byStatus: { active: 1, lost: 0, stolen: 1, transferred: 0 },
  });
});

test("the value is per currency, never summed across: purchase values and the stock's unit cost × quantity, the caller's workspace only", async () => {
  const t = setupTest();
  const owner = await fundedUser(t, 100);
  const worth = async () => await owner.as.query(api.dashboard.worth, {});
  expect(await worth()).toEqual({ values: [] });
  const money = (amount: number, currency: string) => ({ amount, currency });
  await tagGeneral(owner.as, { name: "Road bike", details: { kind: "general", purchaseValue: money(150000, "GBP") } as never });
  await tagGeneral(owner.as, { name: "Camera", details: { kind: "general", purchaseValue: money(89900, "EUR") } as never });
  await tagGeneral(owner.as, { name: "Old chair", details: { kind: "general" } as never });
  await owner.as.mutation(api.assets.tag, {
    kind: "business", name: "Widgets", visibility: "private", files: [],
    details: { kind: "business", sku: "W-1", quantity: 10, unitCost: money(250, "GBP") },
  });
  const other = await fundedUser(t);
  await tagGeneral(other.as, { name: "Not mine", details: { kind: "general", purchaseValue: money(999, "GBP") } as never });
  expect(await worth()).toEqual({ values: [money(89900, "EUR"), money(152500, "GBP")] });
  expect(await t.query(api.dashboard.worth, { workspaceId: owner.workspaceId })).toBeNull();
});

test("recent activity merges tags, tokens, visits, found reports and transfers, newest first", async () => {
  const { t, owner, assetId, serial } = await ownerWithAsset();
  await t.mutation(api.verify.recordVisit, { serial, visitorId: "visitor-0001" });
  await t.mutation(api.verify.reportFound, { serial, message: "Found it", visitorId: "visitor-0001" });
  const buyer = await makeUser(t, { email: "buyer@example.com" });
  await owner.as.mutation(api.transfers.offer, { assetId, email: "buyer@example.com" });
  const items = (await owner.as.query(api.dashboard.activity, {}))!;
  expect(new Set(items.map((i) => i.type))).toEqual(new Set(["tagged", "tokens", "visit", "found"]));
  expect(items.map((i) => i.at)).toEqual([...items.map((i) => i.at)].sort((a, b) => b - a));
  expect(items.find((i) => i.type === "tagged")).toMatchObject({ title: "Tagged Road bike", detail: serial, link: `/verify/${serial}` });
  expect(items.find((i) => i.type === "tokens" && i.title === "-5 TMT")).toBeDefined();
  expect(items.find((i) => i.type === "visit")!.title).toBe("A visitor viewed Road bike");
  const offers = (await buyer.as.query(api.dashboard.activity, {}))!;
  expect(offers.map((i) => i.type)).toEqual(["transferOffer"]);
  expect(offers[0].detail).toBe(`Road bike · ${serial}`);
  // Once accepted, the buyer sees a transfer in, not a tag they never made.
  const [offer] = await t.run(async (ctx) => await ctx.db.query("transfers").collect());
  await buyer.as.mutation(api.transfers.accept, { transferId: offer._id });
  expect((await buyer.as.query(api.dashboard.activity, {}))!.map((i) => i.type)).toEqual(["transferIn"]);
  expect((await owner.as.query(api.dashboard.activity, {}))!.map((i) => i.type)).toContain("transferOut");
});

test("public assets: only public ones, newest first, with no owner, searchable", async () => {
  const t = setupTest();
  const owner = await fundedUser(t);
  const first = await tagGeneral(owner.as, { name: "Road bike" });
  await tagGeneral(owner.as, { name: "Secret diary", visibility: "private" });
  const third = await tagGeneral(owner.as, { name: "Camera", description: "Leica M6", category: "Cameras" });
  const list = await t.query(api.publicAssets.list, { paginationOpts: page });
  expect(list.page.map((a) => a.serial)).toEqual([third.serial, first.serial]);
  expect(Object.keys(list.page[0]).sort()).toEqual(["category", "kind", "name", "photoUrl", "serial", "status", "taggedAt"]);
  expect(JSON.stringify(list)).not.toContain(owner.userId);
  const found = await t.query(api.publicAssets.list, { paginationOpts: page, search: "Leica" });
  expect(found.page.map((a) => a.name)).toEqual(["Camera"]);
  const hidden = await t.query(api.publicAssets.list, { paginationOpts: page, search: "diary" });
  expect(hidden.page).toEqual([]);
});

test("public assets paginate", async () => {
  const t = setupTest();
  const owner = await fundedUser(t);
  for (const name of ["One", "Two", "Three"]) await tagGeneral(owner.as, { name });
  const first = await t.query(api.publicAssets.list, { paginationOpts: { numItems: 2, cursor: null } });
  expect(first.page.map((a) => a.name)).toEqual(["Three", "Two"]);
  expect(first.isDone).toBe(false);
  const second = await t.query(api.publicAssets.list, { paginationOpts: { numItems: 2, cursor: first.continueCursor } });
  expect(second.page.map((a) => a.name)).toEqual(["One"]);
});
