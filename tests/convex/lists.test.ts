// The lists at scale: exact totals, sort orders, "select all matching" id pages and
// bulk actions that check every item against the caller.
import { expect, test } from "vitest";
import { api } from "../../convex/_generated/api";
import type { Id } from "../../convex/_generated/dataModel";
import { BULK_BATCH } from "../../convex/lib/assets/bulk";
import type { AssetKind, AssetStatus, Visibility } from "../../convex/lib/assets/tables";
import { withTriggers } from "../../convex/lib/writes";
import { fundedUser, tagGeneral } from "./assets-support";
import { errorData, makeUser, setupTest, type Backend } from "./setup";

type Spec = { name: string; kind?: AssetKind; status?: AssetStatus; visibility?: Visibility; location?: string; quantity?: number };

const ALPHABET = "ABCDEFGHJKMNPQRSTUVWXYZ23456789";
const code4 = (n: number) => Array.from({ length: 4 }, (_, i) => ALPHABET[Math.floor(n / ALPHABET.length ** i) % ALPHABET.length]).join("");
let batch = 0;

/** Many assets at once, written through the triggers as the app's writes are. */
async function insertAssets(t: Backend, workspaceId: Id<"workspaces">, specs: Spec[]) {
  batch += 1;
  return await t.run(async (raw) => withTriggers(raw, async (ctx) => {
    const ids: Id<"assets">[] = [];
    for (const [i, s] of specs.entries()) {
      const kind = s.kind ?? "general";
      ids.push(
        await ctx.db.insert("assets", {
          workspaceId,
          serial: `TMT-${code4(batch)}-${code4(i)}`,
          kind,
          name: s.name,
          category: "Tools",
          visibility: s.visibility ?? "private",
          status: s.status ?? "active",
          details:
            kind === "business"
              ? { kind: "business", sku: `SKU-${i}`, quantity: s.quantity ?? 1, unitCost: { amount: 100, currency: "GBP" }, location: s.location }
              : { kind: "general" },
          files: [],
          taggedAt: 1_000 + i,
          updatedAt: 1_000 + i,
          searchText: s.name.toLowerCase(),
        }),
      );
    }
    return ids;
  }));
}

async function allIds(fetchPage: (cursor: string | null) => Promise<{ ids: string[]; continueCursor: string; isDone: boolean }>) {
  const ids: string[] = [];
  let cursor: string | null = null;
  for (;;) {
    const page = await fetchPage(cursor);
    ids.push(...page.ids);
    if (page.isDone) return ids;
    cursor = page.continueCursor;
  }
}

test("bulk status: signed out is refused, others' assets are skipped untouched, the caller's change", async () => {
  const t = setupTest();
  const owner = await makeUser(t);
  const other = await makeUser(t);
  const mine = await insertAssets(t, owner.workspaceId, [{ name: "A" }, { name: "B" }, { name: "C", status: "lost" }]);
  const theirs = await insertAssets(t, other.workspaceId, [{ name: "X" }]);
  expect(await errorData(() => t.mutation(api.assetBulk.setStatus, { workspaceId: owner.workspaceId, ids: mine, status: "lost" }))).toMatchObject({ code: "NOT_AUTHENTICATED" });
  expect(await other.as.mutation(api.assetBulk.setStatus, { ids: mine, status: "lost" })).toEqual({ changed: 0, skipped: 3, stale: [] });
  expect((await owner.as.query(api.dashboard.overview, {}))!.byStatus.lost).toBe(1);
  // C is already lost; X is not the caller's.
  expect(await owner.as.mutation(api.assetBulk.setStatus, { ids: [...mine, ...theirs], status: "lost" })).toEqual({ changed: 2, skipped: 2, stale: [] });
  expect((await owner.as.query(api.dashboard.overview, {}))!.byStatus.lost).toBe(3);
  expect((await other.as.query(api.dashboard.overview, {}))!.byStatus).toMatchObject({ active: 1, lost: 0 });
  const history = await owner.as.query(api.assets.history, { assetId: mine[0] });
  expect(history[0]).toMatchObject({ type: "status", summary: "Marked as Lost" });
});

test("bulk visibility and delete work per item; more than one batch per call is refused", async () => {
  const t = setupTest();
  const owner = await makeUser(t);
  const other = await makeUser(t);
  const mine = await insertAssets(t, owner.workspaceId, [{ name: "A" }, { name: "B", visibility: "public" }]);
  const theirs = await insertAssets(t, other.workspaceId, [{ name: "X", visibility: "public" }]);
  expect(await owner.as.mutation(api.assetBulk.setVisibility, { ids: [...mine, ...theirs], visibility: "public" })).toEqual({ changed: 1, skipped: 2 });
  expect(await t.query(api.publicAssets.count, {})).toBe(3);
  expect(await other.as.mutation(api.assetBulk.remove, { ids: mine })).toEqual({ changed: 0, skipped: 2 });
  expect(await owner.as.mutation(api.assetBulk.remove, { ids: [...mine, ...theirs] })).toEqual({ changed: 2, skipped: 1 });
  expect(await owner.as.query(api.assets.countMine, {})).toBe(0);
  expect(await t.query(api.publicAssets.count, {})).toBe(1);
  const tooMany = Array.from({ length: BULK_BATCH + 1 }, () => theirs[0]);
  expect(await errorData(() => owner.as.mutation(api.assetBulk.remove, { ids: tooMany }))).toMatchObject({ code: "INVALID" });
});

test("a deleted asset's transfer offer ends with the bulk delete, as with a single delete", async () => {
  const t = setupTest();
  const owner = await fundedUser(t);
  await makeUser(t, { email: "buyer@example.com" });
  const { assetId } = await tagGeneral(owner.as);
  await owner.as.mutation(api.transfers.offer, { assetId, email: "buyer@example.com" });
  await owner.as.mutation(api.assetBulk.remove, { ids: [assetId] });
  const transfers = await t.run(async (ctx) => await ctx.db.query("transfers").collect());
  expect(transfers.map((x) => x.status)).toEqual(["cancelled"]);
});

test("select all matching walks 1,200 assets in pages (two id pages); totals are exact for every filter", async () => {
  const t = setupTest();
  const owner = await makeUser(t);
  const other = await makeUser(t);
  await insertAssets(
    t,
    owner.workspaceId,
    Array.from({ length: 1_200 }, (_, i) => ({ name: `Item ${String(i).padStart(4, "0")}`, status: i % 3 === 0 ? ("lost" as const) : ("active" as const), kind: i % 2 ? ("business" as const) : ("general" as const) })),
  );
  await insertAssets(t, other.workspaceId, [{ name: "Not mine" }]);
  expect(await owner.as.query(api.assets.countMine, {})).toBe(1_200);
  expect(await owner.as.query(api.assets.countMine, { status: "lost" })).toBe(400);
  expect(await owner.as.query(api.assets.countMine, { kind: "business", status: "lost" })).toBe(200);
  expect(await t.query(api.assets.countMine, { workspaceId: owner.workspaceId })).toBe(0);
  const lost = await allIds((cursor) => owner.as.query(api.assetBulk.matchingIds, { status: "lost", cursor }));
  expect(lost).toHaveLength(400);
  expect(new Set(lost).size).toBe(400);
  const every = await allIds((cursor) => owner.as.query(api.assetBulk.matchingIds, { sort: "name_desc", cursor }));
  expect(every).toHaveLength(1_200);
  expect(await allIds((cursor) => other.as.query(api.assetBulk.matchingIds, { status: "lost", cursor }))).toEqual([]);
  // The list's own order: name descending starts at the last name.
  const first = await owner.as.query(api.assets.listMine, { sort: "name_desc", paginationOpts: { numItems: 2, cursor: null } });
  expect(first.page.map((a) => a.name)).toEqual(["Item 1199", "Item 1198"]);
  expect(first.page[0]._id).toBe(every[0]);
});

test("export rows hold only the caller's assets", async () => {
  const t = setupTest();
  const owner = await makeUser(t);
  const other = await makeUser(t);
  const mine = await insertAssets(t, owner.workspaceId, [{ name: "Drill", kind: "business", location: "Shelf 1", quantity: 4 }]);
  const theirs = await insertAssets(t, other.workspaceId, [{ name: "Secret" }]);
  const rows = await owner.as.query(api.assetBulk.exportRows, { ids: [...mine, ...theirs] });
  expect(rows).toEqual([expect.objectContaining({ name: "Drill", kind: "business", cells: expect.objectContaining({ sku: "SKU-0", quantity: "4", location: "Shelf 1" }) })]);
  expect(await t.query(api.assetBulk.exportRows, { workspaceId: owner.workspaceId, ids: mine })).toEqual([]);
});

test("the inventory's items narrow by location, its totals are exact, and others see none", async () => {
  const t = setupTest();
  const shop = await makeUser(t, { isBusinessUser: true });
  const rival = await makeUser(t, { isBusinessUser: true });
  await insertAssets(t, shop.workspaceId, [
    { name: "Mug", kind: "business", location: "Shop", quantity: 3 },
    { name: "Jug", kind: "business", location: "Store", quantity: 2 },
    { name: "Bike", kind: "general" },
  ]);
  const page = { numItems: 10, cursor: null };
  const items = await shop.as.query(api.inventory.items, { paginationOpts: page, location: "Shop" });
  expect(items.page.map((i) => i.name)).toEqual(["Mug"]);
  expect((await shop.as.query(api.inventory.summary, {})).totals).toEqual({ items: 2, quantity: 5, values: [{ amount: 500, currency: "GBP" }] });
  expect((await shop.as.query(api.inventory.summary, { location: "Store" })).totals.items).toBe(1);
  expect((await rival.as.query(api.inventory.items, { paginationOpts: page })).page).toEqual([]);
  expect((await rival.as.query(api.inventory.summary, {})).totals.items).toBe(0);
  const ids = await allIds((cursor) => shop.as.query(api.assetBulk.matchingIds, { kind: "business", location: "Store", cursor }));
  expect(ids).toHaveLength(1);
});

test("public assets: exact total, sorted by name, serial pages and cards leave private ones out", async () => {
  const t = setupTest();
  const owner = await makeUser(t);
  await insertAssets(t, owner.workspaceId, [
    { name: "Banjo", visibility: "public" },
    { name: "Accordion", visibility: "public" },
    { name: "Hidden", visibility: "private" },
  ]);
  expect(await t.query(api.publicAssets.count, {})).toBe(2);
  const byName = await t.query(api.publicAssets.list, { sort: "name", paginationOpts: { numItems: 5, cursor: null } });
  expect(byName.page.map((c) => c.name)).toEqual(["Accordion", "Banjo"]);
  const serials = await allIds((cursor) => t.query(api.publicAssets.matchingSerials, { sort: "name_desc", cursor }));
  expect(serials).toHaveLength(2);
  const privateSerial = await t.run(async (ctx) => (await ctx.db.query("assets").collect()).find((a) => a.name === "Hidden")!.serial);
  const cards = await t.query(api.publicAssets.cards, { serials: [...serials, privateSerial, "TMT-NOPE"] });
  expect(cards.map((c) => c.name)).toEqual(["Banjo", "Accordion"]);
});

test("admin users: exact totals by email prefix, sorted by email, id pages and export rows", async () => {
  const t = setupTest();
  const admin = await makeUser(t, { role: "admin", email: "boss@example.com" });
  const member = await makeUser(t, { email: "anna@example.com" });
  await makeUser(t, { email: "anton@example.com" });
  await makeUser(t, { email: "zoe@example.com" });
  expect(await admin.as.query(api.adminPanel.userCount, { search: "" })).toBe(4);
  expect(await admin.as.query(api.adminPanel.userCount, { search: " AN" })).toBe(2);
  expect(await errorData(() => member.as.query(api.adminPanel.userCount, { search: "" }))).toMatchObject({ code: "FORBIDDEN" });
  const byEmail = await admin.as.query(api.adminPanel.listUsers, { search: "", sort: "email_desc", paginationOpts: { numItems: 2, cursor: null } });
  expect(byEmail.page.map((u) => u.email)).toEqual(["zoe@example.com", "boss@example.com"]);
  const ids = await allIds((cursor) => admin.as.query(api.adminPanel.userIds, { search: "an", cursor }));
  const rows = await admin.as.query(api.adminPanel.userRows, { ids: ids as Id<"users">[] });
  expect(rows.map((r) => r.email)).toEqual(["anna@example.com", "anton@example.com"]);
});
