// The dashboard's Value (lib/assets/worth.ts): per-currency totals kept by the assets trigger,
// exact at any size. After every kind of write the figure shown equals a recount of the
// workspace's items read whole (lost and stolen ones counted, those marked transferred not),
// and the migration counts items from before the totals exactly once.
import { afterEach, beforeEach, expect, test, vi } from "vitest";
import { runToCompletion } from "@convex-dev/migrations";
import { api, components, internal } from "../../convex/_generated/api";
import type { Id } from "../../convex/_generated/dataModel";
import { importCost } from "../../convex/lib/csv/pricing";
import { withTriggers } from "../../convex/lib/writes";
import { fundWorkspace, fundedUser, generalInput, tagGeneral } from "./assets-support";
import { manyRows, runJobs, start } from "./imports-support";
import { setupTest, type Backend, type Client } from "./setup";

beforeEach(() => vi.useFakeTimers());
afterEach(() => vi.useRealTimers());

type Money = { amount: number; currency: string };
const money = (amount: number, currency: string): Money => ({ amount, currency });
const withValue = (value: Money | number | undefined) => ({ ...generalInput.details, purchaseValue: value }) as typeof generalInput.details;

/** Every item of the workspace read whole and added up as an owner would by hand. */
async function recount(t: Backend, workspaceId: Id<"workspaces">): Promise<Money[]> {
  return await t.run(async (ctx) => {
    const sums: Record<string, number> = {};
    for (const a of await ctx.db.query("assets").withIndex("by_workspaceId_and_taggedAt", (q) => q.eq("workspaceId", workspaceId)).collect()) {
      if (a.status === "transferred") continue;
      const d = a.details as { kind: string; purchaseValue?: Money | number; unitCost?: Money | number; quantity?: number };
      const raw = d.kind === "general" ? d.purchaseValue : d.kind === "business" ? d.unitCost : undefined;
      if (raw === undefined) continue;
      const m = typeof raw === "number" ? money(raw, "GBP") : raw;
      sums[m.currency] = (sums[m.currency] ?? 0) + m.amount * (d.kind === "business" ? d.quantity! : 1);
    }
    return Object.entries(sums).filter(([, amount]) => amount !== 0).sort(([a], [b]) => a.localeCompare(b)).map(([currency, amount]) => money(amount, currency));
  });
}

async function shown(as: Client) {
  return (await as.query(api.dashboard.worth, {}))!.values;
}

async function expectExact(t: Backend, owner: { as: Client; workspaceId: Id<"workspaces"> }, expected?: Money[]) {
  const figure = await shown(owner.as);
  expect(figure).toEqual(await recount(t, owner.workspaceId));
  if (expected !== undefined) expect(figure).toEqual(expected);
}

async function edit(as: Client, assetId: Id<"assets">, details: typeof generalInput.details) {
  const loaded = (await as.query(api.assets.get, { assetId }))!;
  await as.mutation(api.assets.update, { assetId, version: loaded.version, ...generalInput, details });
}

test("the Value follows tagging, value and currency edits, status changes, deletion and a transfer", async () => {
  const t = setupTest();
  const owner = await fundedUser(t, 100);
  const buyer = await fundedUser(t, 100);
  await expectExact(t, owner, []);
  const bike = await tagGeneral(owner.as, { details: withValue(money(150000, "GBP")) });
  const camera = await tagGeneral(owner.as, { name: "Camera", details: withValue(money(89900, "EUR")) });
  await tagGeneral(owner.as, { name: "Old chair", details: withValue(undefined) });
  await expectExact(t, owner, [money(89900, "EUR"), money(150000, "GBP")]);

  await edit(owner.as, bike.assetId, withValue(money(160000, "GBP")));
  await edit(owner.as, camera.assetId, withValue(money(95000, "USD")));
  await expectExact(t, owner, [money(160000, "GBP"), money(95000, "USD")]);

  // Lost and stolen things are still the owner's (and what an insurer pays for); handed over, not.
  await owner.as.mutation(api.assets.setStatus, { assetId: bike.assetId, status: "lost" });
  await expectExact(t, owner, [money(160000, "GBP"), money(95000, "USD")]);
  await owner.as.mutation(api.assets.setStatus, { assetId: bike.assetId, status: "stolen" });
  await expectExact(t, owner, [money(160000, "GBP"), money(95000, "USD")]);
  await owner.as.mutation(api.assets.setStatus, { assetId: camera.assetId, status: "transferred" });
  await expectExact(t, owner, [money(160000, "GBP")]);
  await owner.as.mutation(api.assets.setStatus, { assetId: camera.assetId, status: "active" });
  await expectExact(t, owner, [money(160000, "GBP"), money(95000, "USD")]);

  await owner.as.mutation(api.assets.remove, { assetId: camera.assetId });
  await expectExact(t, owner, [money(160000, "GBP")]);

  await owner.as.mutation(api.assets.setStatus, { assetId: bike.assetId, status: "active" });
  const transferId = await owner.as.mutation(api.transfers.offer, { assetId: bike.assetId, email: buyer.email });
  await buyer.as.mutation(api.transfers.accept, { transferId });
  await expectExact(t, owner, []);
  await expectExact(t, buyer, [money(160000, "GBP")]);
});

test("bulk status changes and deletes, an import's batches and its undo keep the Value equal to a recount", async () => {
  const t = setupTest();
  const shop = await fundedUser(t, 10_000, { isBusinessUser: true });
  await fundWorkspace(t, shop.workspaceId, 10_000);
  const rows = 40;
  await start(shop.as, manyRows(rows), importCost(rows));
  const [, ...tagged] = await Promise.all([runJobs(t), ...[0, 1, 2, 3].map((i) => tagGeneral(shop.as, { name: `Bike ${i}`, details: withValue(money(1000 * (i + 1), "EUR")) }))]);
  // manyRows: unit cost 1.25 GBP, quantity i % 7.
  const stock = Array.from({ length: rows }, (_, i) => 125 * (i % 7)).reduce((a, b) => a + b, 0);
  await expectExact(t, shop, [money(10000, "EUR"), money(stock, "GBP")]);

  const ids = tagged.map((a) => a.assetId);
  await shop.as.mutation(api.assetBulk.setStatus, { ids: ids.slice(0, 2), status: "transferred" });
  await expectExact(t, shop, [money(7000, "EUR"), money(stock, "GBP")]);
  await shop.as.mutation(api.assetBulk.remove, { ids: ids.slice(1, 3) });
  await expectExact(t, shop, [money(4000, "EUR"), money(stock, "GBP")]);

  // A cancelled import's rollback takes its values back out.
  const more = 60;
  await start(shop.as, manyRows(more, "MORE"), importCost(more));
  const job = (await shop.as.query(api.imports.current, {}))!;
  await t.mutation(internal.imports.applyBatch, {
    jobId: job._id,
    index: 0,
    entries: Array.from({ length: 50 }, (_, i) => ({
      op: "create" as const,
      input: { kind: "business" as const, name: `More ${i}`, visibility: "private" as const, details: { kind: "business" as const, sku: `MORE-${i}`, quantity: 2, unitCost: money(100, "GBP") } },
    })),
  });
  await expectExact(t, shop, [money(4000, "EUR"), money(stock + 50 * 200, "GBP")]);
  await shop.as.mutation(api.imports.cancel, { jobId: job._id });
  await runJobs(t);
  await expectExact(t, shop, [money(4000, "EUR"), money(stock, "GBP")]);
});

test("past 1,000 items the Value is still every item's, not the newest 1,000", async () => {
  const t = setupTest();
  const owner = await fundedUser(t, 100);
  const count = 1_100;
  await t.run(async (raw) =>
    withTriggers(raw, async (ctx) => {
      for (let i = 0; i < count; i++) {
        await ctx.db.insert("assets", {
          workspaceId: owner.workspaceId, serial: `TMT-BULK-${i}`, kind: "general", name: `Thing ${i}`, visibility: "private", status: "active",
          details: { kind: "general", purchaseValue: money(100 + i, i % 4 === 0 ? "EUR" : "GBP") }, files: [], taggedAt: i, updatedAt: i, searchText: `thing ${i}`,
        });
      }
    }),
  );
  const euros = Array.from({ length: count }, (_, i) => i).filter((i) => i % 4 === 0).reduce((sum, i) => sum + 100 + i, 0);
  const all = Array.from({ length: count }, (_, i) => 100 + i).reduce((a, b) => a + b, 0);
  await expectExact(t, owner, [money(euros, "EUR"), money(all - euros, "GBP")]);
  // The oldest item, beyond any "latest 1,000", still moves the figure.
  const oldest = await t.run(async (ctx) => (await ctx.db.query("assets").withIndex("by_serial", (q) => q.eq("serial", "TMT-BULK-1")).unique())!);
  await owner.as.mutation(api.assets.setStatus, { assetId: oldest._id, status: "transferred" });
  await expectExact(t, owner, [money(euros, "EUR"), money(all - euros - 101, "GBP")]);
});

test("the migration counts items from before the totals once, beside live writes, and a second run changes nothing", async () => {
  const t = setupTest();
  const owner = await fundedUser(t, 100);
  // Written around the triggers, as the previous release's data is: values (one still in bare pence), no `worth`.
  const ids = await t.run(async (ctx) => {
    const made: Id<"assets">[] = [];
    const values: (Money | number | undefined)[] = [money(150000, "GBP"), 4999, money(89900, "EUR"), undefined];
    for (const [i, purchaseValue] of values.entries()) {
      made.push(await ctx.db.insert("assets", {
        workspaceId: owner.workspaceId, serial: `TMT-OLD-${i}`, kind: "general", name: `Old ${i}`, visibility: "private", status: "active",
        details: { kind: "general", ...(purchaseValue === undefined ? {} : { purchaseValue }) }, files: [], taggedAt: i, updatedAt: i, searchText: `old ${i}`,
      }));
    }
    await ctx.db.insert("assets", {
      workspaceId: owner.workspaceId, serial: "TMT-OLD-S", kind: "business", name: "Old stock", visibility: "private", status: "active",
      details: { kind: "business", sku: "S-1", quantity: 3, unitCost: money(500, "GBP") }, files: [], taggedAt: 9, updatedAt: 9, searchText: "old stock",
    });
    return made;
  });
  expect(await shown(owner.as)).toEqual([]);
  // One is written (marked lost) before the migration reaches it: the trigger counts it then.
  await owner.as.mutation(api.assets.setStatus, { assetId: ids[0], status: "lost" });
  expect(await shown(owner.as)).toEqual([money(150000, "GBP")]);
  await t.run(async (ctx) => {
    await runToCompletion(ctx, components.migrations, internal.migrations.countWorth);
  });
  const expected = [money(89900, "EUR"), money(150000 + 4999 + 1500, "GBP")];
  await expectExact(t, owner, expected);
  await t.run(async (ctx) => {
    await runToCompletion(ctx, components.migrations, internal.migrations.countWorth, { cursor: null });
  });
  await expectExact(t, owner, expected);
});
