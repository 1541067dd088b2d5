// Keeps `stockGroups` equal to the sums over each owner's business assets: every
// write to `assets` (through lib/writes.ts) moves the old document out of its groups
// and the new one in. The moves are added up in the mutation's tally
// (lib/counts/tally.ts) and written when it ends, in the same transaction, so
// concurrent writes stay exact (a conflicting commit is retried, never lost).
import type { Doc, Id } from "../../_generated/dataModel";
import type { MutationCtx, QueryCtx } from "../../_generated/server";
import type { CountTally } from "../counts/tally";

export type StockDimension = Doc<"stockGroups">["dimension"];
type StockTotals = { items: number; quantity: number; value: number };

type Contribution = StockTotals & { ownerId: Id<"users">; location: string; category: string };

function contributionOf(asset: Doc<"assets"> | null): Contribution | null {
  if (asset === null || asset.details.kind !== "business") return null;
  const { quantity, unitCost, location } = asset.details;
  return {
    ownerId: asset.ownerId,
    location: location ?? "",
    category: asset.category ?? "",
    items: 1,
    quantity,
    value: (unitCost ?? 0) * quantity,
  };
}

const placeKey = (location: string, category: string) => JSON.stringify([location, category]);

function groupsOf(c: Contribution): [StockDimension, string][] {
  return [
    ["all", ""],
    ["location", c.location],
    ["category", c.category],
    ["place", placeKey(c.location, c.category)],
  ];
}

async function stockGroup(ctx: QueryCtx, ownerId: Id<"users">, dimension: StockDimension, key: string) {
  return await ctx.db
    .query("stockGroups")
    .withIndex("by_ownerId_and_dimension_and_key", (q) => q.eq("ownerId", ownerId).eq("dimension", dimension).eq("key", key))
    .unique();
}

export type StockChange = StockTotals & { ownerId: Id<"users">; dimension: StockDimension; key: string };

/** Writes one group's net change: creates it, moves its totals, or deletes it when it holds no item. */
export async function applyStockChange(ctx: MutationCtx, change: StockChange) {
  const { ownerId, dimension, key } = change;
  const row = await stockGroup(ctx, ownerId, dimension, key);
  const next = {
    items: (row?.items ?? 0) + change.items,
    quantity: (row?.quantity ?? 0) + change.quantity,
    value: (row?.value ?? 0) + change.value,
  };
  if (row === null) {
    if (next.items > 0) await ctx.db.insert("stockGroups", { ownerId, dimension, key, ...next });
  } else if (next.items <= 0) await ctx.db.delete("stockGroups", row._id);
  else await ctx.db.patch("stockGroups", row._id, next);
}

/** Records a contribution's move in or out of its groups in the mutation's tally. */
function tallyStock(counts: CountTally, c: Contribution, sign: 1 | -1) {
  for (const [dimension, key] of groupsOf(c)) {
    counts.addStock(c.ownerId, dimension, key, { items: sign * c.items, quantity: sign * c.quantity, value: sign * c.value });
  }
}

const same = (a: Contribution | null, b: Contribution | null) =>
  a !== null && b !== null && JSON.stringify(a) === JSON.stringify(b);

/** Part of the trigger on `assets` (lib/counts/triggers.ts): the stock groups' share of a write. */
export function tallyAssetStock(counts: CountTally, change: { oldDoc: Doc<"assets"> | null; newDoc: Doc<"assets"> | null }) {
  const before = contributionOf(change.oldDoc);
  const after = contributionOf(change.newDoc);
  // Most writes (status, visibility, files) leave the stock figures as they were.
  if (same(before, after)) return;
  if (before !== null) tallyStock(counts, before, -1);
  if (after !== null) tallyStock(counts, after, 1);
}

/** Adds an asset that predates the trigger (backfill) to the tally; the caller makes sure it is not counted yet. */
export function addToStock(counts: CountTally, asset: Doc<"assets">) {
  const c = contributionOf(asset);
  if (c !== null) tallyStock(counts, c, 1);
}

const ZERO: StockTotals = { items: 0, quantity: 0, value: 0 };

/** Exact totals of the business items a location / category filter selects. */
export async function stockTotals(ctx: QueryCtx, ownerId: Id<"users">, filter: { location?: string; category?: string }): Promise<StockTotals> {
  const { location, category } = filter;
  const [dimension, key]: [StockDimension, string] =
    location !== undefined && category !== undefined
      ? ["place", placeKey(location, category)]
      : location !== undefined
        ? ["location", location]
        : category !== undefined
          ? ["category", category]
          : ["all", ""];
  const row = await stockGroup(ctx, ownerId, dimension, key);
  return row === null ? ZERO : { items: row.items, quantity: row.quantity, value: row.value };
}
