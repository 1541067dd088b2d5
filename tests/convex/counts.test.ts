// Exact counts (lib/counts/aggregates.ts, assetCounts.ts, lib/inventory/stockGroups.ts): they
// follow every write made through lib/writes.ts (asset counts added up per mutation), stay
// exact under parallel writes and bulk writes, and the backfill adds what predates them,
// idempotently.
import { expect, test, vi } from "vitest";
import { api, internal } from "../../convex/_generated/api";
import type { Id } from "../../convex/_generated/dataModel";
import { IMPORT_BATCH } from "../../convex/lib/csv/pool";
import { importCost } from "../../convex/lib/csv/pricing";
import { ROLLBACK_SLICE } from "../../convex/imports";
import { fundWorkspace, fundedUser, generalInput, tagGeneral } from "./assets-support";
import { manyRows, runJobs, start } from "./imports-support";
import { asMoney, totalsList } from "../../convex/lib/money/currency";
import { makeUser, setupTest, signUpVerified, type Backend, type Client } from "./setup";

const businessInput = (sku: string, quantity: number, location: string, pence = 250) => ({
  kind: "business" as const,
  name: `Item ${sku}`,
  category: "Tools",
  visibility: "private" as const,
  details: { kind: "business" as const, sku, quantity, unitCost: { amount: pence, currency: "GBP" }, location },
  files: [],
});

async function stockRows(t: Backend, workspaceId: Id<"workspaces">) {
  return await t.run(async (ctx) =>
    (await ctx.db.query("stockGroups").collect())
      .filter((r) => r.workspaceId === workspaceId)
      .map(({ dimension, key, items, quantity, values }) => ({ dimension, key, items, quantity, values }))
      .sort((a, b) => `${a.dimension}${a.key}`.localeCompare(`${b.dimension}${b.key}`)),
  );
}

test("counts stay exact under parallel tagging, status changes and deletes", async () => {
  const t = setupTest();
  const admin = await makeUser(t, { role: "admin" });
  const owners = await Promise.all([0, 1, 2, 3].map(() => fundedUser(t, 100)));
  // 4 owners × 10 tags, all in flight at once.
  const tagged = await Promise.all(
    owners.flatMap((o) => Array.from({ length: 10 }, (_, i) => tagGeneral(o.as, { name: `Thing ${i}`, visibility: i % 2 ? "private" : "public" }))),
  );
  expect(tagged).toHaveLength(40);
  expect(await t.query(api.landingStats.get, {})).toEqual({ assets: 40, verifications: 0 });
  expect((await admin.as.query(api.adminPanel.counts, {})).assets).toBe(40);
  for (const o of owners) expect((await o.as.query(api.dashboard.overview, {}))!.total).toBe(10);

  // The first owner marks 6 lost and deletes 3 others, all in parallel.
  const mine = tagged.slice(0, 10).map((a) => a.assetId);
  await Promise.all([
    ...mine.slice(0, 6).map((assetId) => owners[0].as.mutation(api.assets.setStatus, { assetId, status: "lost" })),
    ...mine.slice(6, 9).map((assetId) => owners[0].as.mutation(api.assets.remove, { assetId })),
  ]);
  expect(await owners[0].as.query(api.dashboard.overview, {})).toEqual({
    total: 7,
    byKind: { general: 7, nft: 0, will: 0, business: 0 },
    byStatus: { active: 1, lost: 6, stolen: 0, transferred: 0 },
  });
  expect((await t.query(api.landingStats.get, {})).assets).toBe(37);
  expect((await owners[1].as.query(api.dashboard.overview, {}))!.byStatus.active).toBe(10);
});

test("users are counted whichever way they are created: sign-up, Convex Auth's store, the seed", async () => {
  const t = setupTest();
  const admin = await makeUser(t, { role: "admin" });
  await signUpVerified(t, "newcomer@example.com");
  expect((await admin.as.query(api.adminPanel.counts, {})).users).toBe(2);
  // The demo seed creates its accounts through Convex Auth's createAccount.
  await t.action(internal.seed.run, {});
  expect((await admin.as.query(api.adminPanel.counts, {})).users).toBe(7);
  await t.action(internal.seed.run, {});
  expect((await admin.as.query(api.adminPanel.counts, {})).users).toBe(7);
});

test("serial checks, articles, bug reports and business requests are counted", async () => {
  const t = setupTest();
  const admin = await makeUser(t, { role: "admin" });
  const owner = await fundedUser(t);
  const { serial } = await tagGeneral(owner.as);
  await Promise.all(["visitor-0001", "visitor-0002", "visitor-0003"].map((visitorId) => t.mutation(api.verify.recordVisit, { serial, visitorId })));
  expect((await t.query(api.landingStats.get, {})).verifications).toBe(3);
  const article = { title: "Hello", content: "Body text", category: "General" };
  await admin.as.mutation(api.news.create, { ...article, isPublished: true });
  const draft = await admin.as.mutation(api.news.create, { ...article, isPublished: false });
  expect(await admin.as.query(api.news.stats, {})).toEqual({ published: 1, drafts: 1 });
  await admin.as.mutation(api.news.remove, { id: draft });
  expect(await admin.as.query(api.news.stats, {})).toEqual({ published: 1, drafts: 0 });
  await owner.as.mutation(api.businessRequests.request, { note: "A bike shop" });
  const counts = await admin.as.query(api.adminPanel.counts, {});
  expect(counts).toMatchObject({ articles: 1, pendingRequests: 1, bugReports: 0, assets: 1 });
});

test("a business's stock groups follow tagging, edits, transfers of location and deletes", async () => {
  const t = setupTest();
  const shop = await fundedUser(t, 100, { isBusinessUser: true });
  // A business workspace pays from its own wallet.
  await fundWorkspace(t, shop.workspaceId, 100);
  const tag = (as: Client, sku: string, qty: number, location: string) => as.mutation(api.assets.tag, businessInput(sku, qty, location));
  const [a] = await Promise.all([tag(shop.as, "A", 3, "Shelf 1"), tag(shop.as, "B", 2, "Shelf 1"), tag(shop.as, "C", 5, "Shelf 2")]);
  expect(await stockRows(t, shop.workspaceId)).toEqual([
    { dimension: "all", key: "", items: 3, quantity: 10, values: { GBP: 2500 } },
    { dimension: "category", key: "Tools", items: 3, quantity: 10, values: { GBP: 2500 } },
    { dimension: "location", key: "Shelf 1", items: 2, quantity: 5, values: { GBP: 1250 } },
    { dimension: "location", key: "Shelf 2", items: 1, quantity: 5, values: { GBP: 1250 } },
    { dimension: "place", key: '["Shelf 1","Tools"]', items: 2, quantity: 5, values: { GBP: 1250 } },
    { dimension: "place", key: '["Shelf 2","Tools"]', items: 1, quantity: 5, values: { GBP: 1250 } },
  ]);
  // Moving item A to Shelf 2 with 4 units; a status change leaves stock as it was.
  const input = businessInput("A", 4, "Shelf 2");
  await shop.as.mutation(api.assets.update, { assetId: a.assetId, version: 0, kind: input.kind, name: input.name, category: input.category, visibility: input.visibility, details: input.details });
  await shop.as.mutation(api.assets.setStatus, { assetId: a.assetId, status: "lost" });
  const rows = await stockRows(t, shop.workspaceId);
  expect(rows.find((r) => r.dimension === "location" && r.key === "Shelf 1")).toEqual({ dimension: "location", key: "Shelf 1", items: 1, quantity: 2, values: { GBP: 500 } });
  expect(rows.find((r) => r.dimension === "location" && r.key === "Shelf 2")).toEqual({ dimension: "location", key: "Shelf 2", items: 2, quantity: 9, values: { GBP: 2250 } });
  await shop.as.mutation(api.assets.remove, { assetId: a.assetId });
  expect((await stockRows(t, shop.workspaceId)).find((r) => r.dimension === "all")).toEqual({ dimension: "all", key: "", items: 2, quantity: 7, values: { GBP: 1750 } });
});

test("the backfill counts what predates the triggers, and a second run changes nothing", async () => {
  const t = setupTest();
  const admin = await makeUser(t, { role: "admin" });
  const shop = await fundedUser(t, 100, { isBusinessUser: true });
  // A business workspace pays from its own wallet.
  await fundWorkspace(t, shop.workspaceId, 100);
  await tagGeneral(shop.as);
  // Written around the triggers, as data from before the aggregates would be.
  await t.run(async (ctx) => {
    for (let i = 0; i < 5; i++) {
      await ctx.db.insert("users", { email: `old${i}@example.com` });
      await ctx.db.insert("assets", {
        workspaceId: shop.workspaceId,
        serial: `TMT-OLD-${i}`,
        kind: "business",
        name: `Old ${i}`,
        category: "Tools",
        visibility: "private",
        status: "active",
        details: { kind: "business", sku: `OLD-${i}`, quantity: 2, unitCost: 100, location: "Back room" },
        files: [],
        taggedAt: i,
        updatedAt: i,
        searchText: `old ${i}`,
      });
    }
  });
  expect(await admin.as.query(api.adminPanel.counts, {})).toMatchObject({ users: 2, assets: 1 });
  for (let run = 0; run < 2; run++) {
    await t.mutation(internal.counts.backfill, {});
    await t.finishAllScheduledFunctions(() => {});
    expect(await admin.as.query(api.adminPanel.counts, {})).toMatchObject({ users: 7, assets: 6 });
    expect((await shop.as.query(api.dashboard.overview, {}))!.byKind).toEqual({ general: 1, nft: 0, will: 0, business: 5 });
    expect((await stockRows(t, shop.workspaceId)).find((r) => r.dimension === "all")).toEqual({ dimension: "all", key: "", items: 5, quantity: 10, values: { GBP: 1000 } });
  }
  // Live writes after the backfill keep the figures exact.
  await tagGeneral(shop.as, { ...generalInput, name: "After" });
  expect((await admin.as.query(api.adminPanel.counts, {})).assets).toBe(7);
});

/** Every figure the screens show about one owner's assets, and the same figures recounted from the table. */
async function figuresAndRecount(t: Backend, owner: { userId: Id<"users">; workspaceId: Id<"workspaces">; as: Client }) {
  const shown = {
    dashboard: await owner.as.query(api.dashboard.overview, {}),
    lost: await owner.as.query(api.assets.countMine, { status: "lost" }),
    landing: (await t.query(api.landingStats.get, {})).assets,
    public: await t.query(api.publicAssets.count, {}),
    stock: (await owner.as.query(api.inventory.summary, {})).totals,
  };
  const recount = await t.run(async (ctx) => {
    const all = await ctx.db.query("assets").collect();
    const mine = all.filter((a) => a.workspaceId === owner.workspaceId);
    const business = mine.flatMap((a) => (a.details.kind === "business" ? [a.details] : []));
    const by = <K extends string>(keys: readonly K[], of: (a: (typeof mine)[number]) => K) =>
      Object.fromEntries(keys.map((k) => [k, mine.filter((a) => of(a) === k).length]));
    return {
      dashboard: {
        total: mine.length,
        byKind: by(["general", "nft", "will", "business"], (a) => a.kind),
        byStatus: by(["active", "lost", "stolen", "transferred"], (a) => a.status),
      },
      lost: mine.filter((a) => a.status === "lost").length,
      landing: all.length,
      public: all.filter((a) => a.visibility === "public").length,
      stock: {
        items: business.length,
        quantity: business.reduce((s, d) => s + d.quantity, 0),
        values: totalsList({ GBP: business.reduce((s, d) => s + d.quantity * (asMoney(d.unitCost)?.amount ?? 0), 0) }),
      },
    };
  });
  return { shown, recount };
}

test("an import's batches of hundreds, parallel tags and bulk status changes leave every count equal to a recount", async () => {
  vi.useFakeTimers();
  try {
    const t = setupTest();
    const shop = await fundedUser(t, 10_000, { isBusinessUser: true });
    // A business workspace pays from its own wallet.
    await fundWorkspace(t, shop.workspaceId, 10_000);
    // Two batches: a full one of IMPORT_BATCH rows, then the rest.
    const rows = IMPORT_BATCH + 3;
    await start(shop.as, manyRows(rows), importCost(rows));
    // While the import's batches run: five tags (two public), then half of them marked lost in one bulk call.
    const [, ...tagged] = await Promise.all([
      runJobs(t),
      ...[0, 1, 2, 3, 4].map((i) => tagGeneral(shop.as, { name: `Bike ${i}`, visibility: i < 2 ? "public" : "private" })),
    ]);
    await shop.as.mutation(api.assetBulk.setStatus, { ids: tagged.slice(0, 3).map((a) => a.assetId), status: "lost" });
    expect(await shop.as.query(api.imports.current, {})).toMatchObject({ status: "done", done: rows });
    const after = await figuresAndRecount(t, shop);
    expect(after.shown.dashboard!.total).toBe(rows + 5);
    expect(after.shown.lost).toBe(3);
    expect(after.shown).toEqual(after.recount);

    // A cancelled import's rollback (hundreds of deletes a call, in two steps) takes its counts back out.
    const second = ROLLBACK_SLICE + 10;
    await start(shop.as, manyRows(second, "MORE"), importCost(second));
    const job = (await shop.as.query(api.imports.current, {}))!;
    await t.mutation(internal.imports.applyBatch, {
      jobId: job._id,
      index: 0,
      entries: Array.from({ length: second }, (_, i) => ({
        op: "create" as const,
        input: { kind: "business" as const, name: `More ${i}`, visibility: "private" as const, details: { kind: "business" as const, sku: `MORE-${i}`, quantity: 2, unitCost: { amount: 100, currency: "GBP" } } },
      })),
    });
    expect((await figuresAndRecount(t, shop)).shown.dashboard!.total).toBe(rows + 5 + second);
    await shop.as.mutation(api.imports.cancel, { jobId: job._id });
    await runJobs(t);
    const undone = await figuresAndRecount(t, shop);
    expect(undone.shown).toEqual(after.shown);
    expect(undone.shown).toEqual(undone.recount);
  } finally {
    vi.useRealTimers();
  }
});

test("assets written before the asset counters are recounted once, on the first catch-up call", async () => {
  const t = setupTest();
  const shop = await fundedUser(t, 100, { isBusinessUser: true });
  // A business workspace pays from its own wallet.
  await fundWorkspace(t, shop.workspaceId, 100);
  expect(await t.mutation(internal.counts.backfillIfBehind, {})).toBe(false);
  // Written around the triggers, as data from before the counters would be.
  await t.run(async (ctx) => {
    for (let i = 0; i < 3; i++) {
      await ctx.db.insert("assets", {
        workspaceId: shop.workspaceId,
        serial: `TMT-PRE-${i}`,
        kind: "general",
        name: `Before ${i}`,
        visibility: i === 0 ? "public" : "private",
        status: "active",
        details: { kind: "general" },
        files: [],
        taggedAt: i,
        updatedAt: i,
        searchText: `before ${i}`,
      });
    }
  });
  expect((await shop.as.query(api.dashboard.overview, {}))!.total).toBe(0);
  expect(await t.mutation(internal.counts.backfillIfBehind, {})).toBe(true);
  await t.finishAllScheduledFunctions(() => {});
  const figures = await figuresAndRecount(t, shop);
  expect(figures.shown.dashboard!.total).toBe(3);
  expect(figures.shown).toEqual(figures.recount);
  expect(await t.mutation(internal.counts.backfillIfBehind, {})).toBe(false);
});
