// The business inventory's filtered pages (issue 31 item 1): a location and / or category
// filter, in every column's order, gives full pages of matches only, in that order, across
// pages; "select all matching" and the CSV export hold exactly the filtered items.
import { compareValues, type Value } from "convex/values";
import { expect, test } from "vitest";
import { api } from "../../convex/_generated/api";
import type { Doc, Id } from "../../convex/_generated/dataModel";
import { INVENTORY_SORTS, inventoryOrder, type InventorySort } from "../../convex/lib/assets/sorts";
import { withTriggers } from "../../convex/lib/writes";
import { asSession, errorData, makeUser, setupTest, type Backend, type Client } from "./setup";
import { join } from "./workspace-support";
import { business } from "./imports-support";

const LOCATIONS = ["Van 1", "Van 2", "Shop", "Warehouse", undefined];
const CATEGORIES = ["Tools", "Paint", "Cable", undefined];
const STATUSES = ["active", "lost", "stolen", "active", "active"] as const;
const ITEMS = 240;
const PAGE = 10;

/** Items spread over locations, categories and statuses (1 in 5 in "Van 1", 1 in 20 in "Van 1" + "Tools"). */
async function seed(t: Backend, workspaceId: Id<"workspaces">) {
  await t.run(async (raw) =>
    withTriggers(raw, async (ctx) => {
      for (let i = 0; i < ITEMS; i++) {
        await ctx.db.insert("assets", {
          workspaceId,
          serial: `TMT-TEST-${String(i).padStart(4, "0")}`,
          kind: "business",
          name: `Item ${String((i * 37) % ITEMS).padStart(3, "0")}`,
          category: CATEGORIES[i % CATEGORIES.length],
          visibility: "private",
          status: STATUSES[i % STATUSES.length],
          details: { kind: "business", sku: `SKU-${String((i * 53) % ITEMS).padStart(3, "0")}`, quantity: (i * 7) % 31, unitCost: i % 3 === 0 ? undefined : { amount: 100 + ((i * 11) % 17), currency: "GBP" }, location: LOCATIONS[i % LOCATIONS.length] },
          files: [],
          taggedAt: 1_000 + i,
          updatedAt: 1_000 + i,
          searchText: `item ${i}`,
        });
      }
      // A general asset in "Van 1" is not an inventory item: never listed.
      await ctx.db.insert("assets", {
        workspaceId,
        serial: "TMT-GENE-RAL1",
        kind: "general",
        name: "Personal drill",
        category: "Tools",
        visibility: "private",
        status: "active",
        details: { kind: "general", location: "Van 1" },
        files: [],
        taggedAt: 5_000,
        updatedAt: 5_000,
        searchText: "personal drill",
      });
    }),
  );
}

async function walk(as: Client, args: { sort?: InventorySort; location?: string; category?: string }) {
  const pages: { _id: string }[][] = [];
  let cursor: string | null = null;
  for (;;) {
    const r: { page: { _id: string }[]; isDone: boolean; continueCursor: string } = await as.query(api.inventory.items, { ...args, paginationOpts: { numItems: PAGE, cursor } });
    pages.push(r.page);
    if (r.isDone) return pages;
    cursor = r.continueCursor;
  }
}

const fieldOf = (a: Doc<"assets">, field: string): unknown => field.split(".").reduce<unknown>((v, k) => (v as Record<string, unknown> | undefined)?.[k], a);

test("a filtered page holds a full page of matches, in every column's order, across pages", async () => {
  const t = setupTest();
  const shop = await makeUser(t, { isBusinessUser: true });
  await seed(t, shop.workspaceId);
  const all = await t.run(async (ctx) => (await ctx.db.query("assets").collect()).filter((a) => a.kind === "business"));
  const byId = new Map(all.map((a) => [a._id as string, a]));
  const filters = [{ location: "Van 1" }, { category: "Tools" }, { location: "Van 1", category: "Tools" }, { location: "" }, { location: "Shop", category: "" }];
  for (const filter of filters) {
    const matching = all.filter((a) => (a.details.kind === "business" ? (a.details.location ?? "") : "") === (filter.location ?? (a.details.kind === "business" ? (a.details.location ?? "") : "")) && (filter.category === undefined || (a.category ?? "") === filter.category));
    for (const sort of INVENTORY_SORTS) {
      const pages = await walk(shop.as, { ...filter, sort });
      const ids = pages.flat().map((r) => r._id);
      // Every page but the last is full; together they are exactly the matches.
      expect(pages.slice(0, -1).every((p) => p.length === PAGE), `${JSON.stringify(filter)} ${sort}`).toBe(true);
      expect(new Set(ids).size).toBe(ids.length);
      expect([...ids].sort()).toEqual(matching.map((a) => a._id as string).sort());
      // In the sort's order.
      const { field, order } = inventoryOrder(sort);
      const values = ids.map((id) => fieldOf(byId.get(id)!, field));
      // Convex orders a missing field first (Array.sort would put undefined last, uncompared).
      // An amount is an object: Convex's own order of values (its fields sorted, amount first).
      // (Boxed: Array.sort would put undefined last, uncompared.)
      const sorted = values.map((x) => [x]).sort(([a], [b]) => compareValues(a as Value, b as Value)).map(([x]) => x);
      expect(values, `${JSON.stringify(filter)} ${sort}`).toEqual(order === "asc" ? sorted : sorted.reverse());
    }
  }
});

test("the Value column sorts by unit cost × quantity, and follows a change of either", async () => {
  const t = setupTest();
  const shop = await business(t);
  const tag = async (sku: string, quantity: number, unitCost?: { amount: number; currency: string }) =>
    (await shop.as.mutation(api.assets.tag, { kind: "business", name: sku, visibility: "private", files: [], details: { kind: "business", sku, quantity, unitCost } })).assetId;
  const a = await tag("A", 1, { amount: 1000, currency: "GBP" });
  await tag("B", 5, { amount: 300, currency: "GBP" });
  await tag("C", 4);
  const order = async (sort: InventorySort) => (await shop.as.query(api.inventory.items, { sort, paginationOpts: { numItems: PAGE, cursor: null } })).page.map((i) => [i.sku, i.value]);
  expect(await order("value_desc")).toEqual([["B", { amount: 1500, currency: "GBP" }], ["A", { amount: 1000, currency: "GBP" }], ["C", null]]);
  // Any write that moves the quantity or the cost moves the item in the order.
  await t.run(async (raw) => withTriggers(raw, async (ctx) => {
    const doc = (await ctx.db.get("assets", a))!;
    if (doc.details.kind === "business") await ctx.db.patch("assets", a, { details: { ...doc.details, quantity: 3 } });
  }));
  expect(await order("value")).toEqual([["C", null], ["B", { amount: 1500, currency: "GBP" }], ["A", { amount: 3000, currency: "GBP" }]]);
});

test("select all matching and the CSV export hold exactly the filtered items, with their status", async () => {
  const t = setupTest();
  const shop = await makeUser(t, { isBusinessUser: true });
  const rival = await makeUser(t, { isBusinessUser: true });
  await seed(t, shop.workspaceId);
  const filter = { location: "Van 1", category: "Tools" };
  const expected = ITEMS / 20;
  const ids = await shop.as.query(api.assetBulk.matchingIds, { kind: "business", ...filter, sort: "sku", cursor: null });
  expect(ids.ids).toHaveLength(expected);
  const exported = await shop.as.query(api.business.exportPage, { ...filter, sort: "quantity_desc", cursor: null });
  expect(exported.isDone).toBe(true);
  expect(exported.items).toHaveLength(expected);
  expect(exported.items.every((i) => i.location === "Van 1" && i.category === "Tools")).toBe(true);
  expect(new Set(exported.items.map((i) => i.status))).toEqual(new Set(["active", "lost", "stolen"].filter((s) => exported.items.some((i) => i.status === s))));
  expect(exported.items.map((i) => i.quantity)).toEqual(exported.items.map((i) => i.quantity).sort((a, b) => b - a));
  // A search narrows within the filter.
  const searched = await shop.as.query(api.inventory.items, { ...filter, search: "item", paginationOpts: { numItems: 50, cursor: null } });
  expect(searched.page).toHaveLength(expected);
  // Another business workspace sees none of it.
  expect((await rival.as.query(api.business.exportPage, { ...filter, cursor: null })).items).toEqual([]);
  expect((await rival.as.query(api.inventory.items, { ...filter, paginationOpts: { numItems: 10, cursor: null } })).page).toEqual([]);
});

test("/assets filters the same way: a kind and status filter gives full pages of matches in every order", async () => {
  const t = setupTest();
  const shop = await makeUser(t, { isBusinessUser: true });
  await seed(t, shop.workspaceId);
  const lost = await t.run(async (ctx) => (await ctx.db.query("assets").collect()).filter((a) => a.kind === "business" && a.status === "lost"));
  for (const sort of ["newest", "oldest", "name", "name_desc"] as const) {
    const pages: string[][] = [];
    let cursor: string | null = null;
    for (;;) {
      const r: { page: { _id: string }[]; isDone: boolean; continueCursor: string } = await shop.as.query(api.assets.listMine, { kind: "business", status: "lost", sort, paginationOpts: { numItems: PAGE, cursor } });
      pages.push(r.page.map((a) => a._id));
      if (r.isDone) break;
      cursor = r.continueCursor;
    }
    expect(pages.slice(0, -1).every((p) => p.length === PAGE), sort).toBe(true);
    expect(pages.flat().sort()).toEqual(lost.map((a) => a._id as string).sort());
  }
});

test("the filtered pages are the workspace's: a viewer member reads the same ones, a non-member none", async () => {
  const t = setupTest();
  const shop = await makeUser(t, { isBusinessUser: true });
  await seed(t, shop.workspaceId);
  const member = await makeUser(t);
  await join(t, shop.workspaceId, member.userId, "viewer");
  const outsider = await makeUser(t);
  const filter = { location: "Van 1", category: "Tools", sort: "name" as const };
  const owners = (await walk(shop.as, filter)).flat().map((r) => r._id);
  expect(owners).toHaveLength(ITEMS / 20);
  expect((await walk(asSession(t, member.userId, member.sessionId, shop.workspaceId), filter)).flat().map((r) => r._id)).toEqual(owners);
  expect(await errorData(() => walk(asSession(t, outsider.userId, outsider.sessionId, shop.workspaceId), filter))).toEqual({ code: "NOT_FOUND", message: "Workspace not found" });
});
