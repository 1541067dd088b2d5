// Keeps `stockGroups` equal to the sums over each workspace's business assets: every
// write to `assets` (through lib/writes.ts) moves the old document out of its groups
// and the new one in. The moves are added up in the mutation's tally
// (lib/counts/tally.ts) and written when it ends, in the same transaction, so
// concurrent writes stay exact (a conflicting commit is retried, never lost).
import type { Doc, Id } from "../../_generated/dataModel";
import type { MutationCtx, QueryCtx } from "../../_generated/server";
import { addByCurrency, asMoney, DEFAULT_CURRENCY, totalsList, type Money } from "../money/currency";

export type StockDimension = Doc<"stockGroups">["dimension"];
/** Value summed per currency (minor units by code), never across currencies. */
type Values = Readonly<Record<string, number>>;
type StockTotals = { items: number; quantity: number; values: Values };

/**
 * Whose groups: a workspace's, or (a record from before workspaces, until the migration
 * moves it) a user's. Written as one string so a tally can key on it.
 */
type StockScope = `workspace:${string}` | `owner:${string}`;
type Contribution = StockTotals & { scope: StockScope; location: string; category: string };
/** Where a mutation adds up its stock changes (lib/counts/tally.ts's CountTally, which imports this file). */
type StockTally = { addStock(scope: StockScope, dimension: StockDimension, key: string, change: StockTotals): void };

function scopeOf(asset: Doc<"assets">): StockScope | null {
  if (asset.workspaceId !== undefined) return `workspace:${asset.workspaceId}`;
  return asset.ownerId === undefined ? null : `owner:${asset.ownerId}`;
}

function contributionOf(asset: Doc<"assets"> | null): Contribution | null {
  if (asset === null || asset.details.kind !== "business") return null;
  const scope = scopeOf(asset);
  if (scope === null) return null;
  const { quantity, unitCost, location } = asset.details;
  return {
    scope,
    location: location ?? "",
    category: asset.category ?? "",
    items: 1,
    quantity,
    values: addByCurrency({}, asMoney(unitCost), quantity),
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

async function stockGroup(ctx: QueryCtx, workspaceId: Id<"workspaces">, dimension: StockDimension, key: string) {
  return await ctx.db
    .query("stockGroups")
    .withIndex("by_workspaceId_and_dimension_and_key", (q) => q.eq("workspaceId", workspaceId).eq("dimension", dimension).eq("key", key))
    .unique();
}

/** The row a scope's group is kept in, and the fields that name its scope on insert. */
async function scopedGroup(ctx: QueryCtx, scope: StockScope, dimension: StockDimension, key: string) {
  const [kind, raw] = scope.split(":") as ["workspace" | "owner", string];
  if (kind === "workspace") {
    const workspaceId = raw as Id<"workspaces">;
    return { row: await stockGroup(ctx, workspaceId, dimension, key), fields: { workspaceId } };
  }
  const ownerId = raw as Id<"users">;
  const row = await ctx.db
    .query("stockGroups")
    .withIndex("by_ownerId_and_dimension_and_key", (q) => q.eq("ownerId", ownerId).eq("dimension", dimension).eq("key", key))
    .unique();
  return { row, fields: { ownerId } };
}

export type StockChange = StockTotals & { scope: StockScope; dimension: StockDimension; key: string };

/** Adds `b` to `a` per currency (`sign` -1 takes it away). */
export function addValues(a: Values, b: Values, sign: 1 | -1 = 1): Record<string, number> {
  const sum: Record<string, number> = { ...a };
  for (const [currency, amount] of Object.entries(b)) sum[currency] = (sum[currency] ?? 0) + sign * amount;
  for (const [currency, amount] of Object.entries(sum)) if (amount === 0) delete sum[currency];
  return sum;
}

/** A group's values; a row from before values had currencies holds pence in `value`. */
const valuesOf = (row: Doc<"stockGroups">): Values => row.values ?? (row.value ? { [DEFAULT_CURRENCY]: row.value } : {});

/** Writes one group's net change: creates it, moves its totals, or deletes it when it holds no item. */
export async function applyStockChange(ctx: MutationCtx, change: StockChange) {
  const { scope, dimension, key } = change;
  const { row, fields } = await scopedGroup(ctx, scope, dimension, key);
  const next = {
    items: (row?.items ?? 0) + change.items,
    quantity: (row?.quantity ?? 0) + change.quantity,
    values: addValues(row === null ? {} : valuesOf(row), change.values),
    value: undefined,
  };
  if (row === null) {
    if (next.items > 0) await ctx.db.insert("stockGroups", { ...fields, dimension, key, ...next });
  } else if (next.items <= 0) await ctx.db.delete("stockGroups", row._id);
  else await ctx.db.patch("stockGroups", row._id, next);
}

/** Records a contribution's move in or out of its groups in the mutation's tally. */
function tallyStock(counts: StockTally, c: Contribution, sign: 1 | -1) {
  for (const [dimension, key] of groupsOf(c)) {
    counts.addStock(c.scope, dimension, key, { items: sign * c.items, quantity: sign * c.quantity, values: addValues({}, c.values, sign) });
  }
}

const same = (a: Contribution | null, b: Contribution | null) =>
  a !== null && b !== null && JSON.stringify(a) === JSON.stringify(b);

/** Part of the trigger on `assets` (lib/counts/triggers.ts): the stock groups' share of a write. */
export function tallyAssetStock(counts: StockTally, change: { oldDoc: Doc<"assets"> | null; newDoc: Doc<"assets"> | null }) {
  const before = contributionOf(change.oldDoc);
  const after = contributionOf(change.newDoc);
  // Most writes (status, visibility, files) leave the stock figures as they were.
  if (same(before, after)) return;
  if (before !== null) tallyStock(counts, before, -1);
  if (after !== null) tallyStock(counts, after, 1);
}

/** Adds an asset that predates the trigger (backfill) to the tally; the caller makes sure it is not counted yet. */
export function addToStock(counts: StockTally, asset: Doc<"assets">) {
  const c = contributionOf(asset);
  if (c !== null) tallyStock(counts, c, 1);
}

/** A group as the inventory shows it: value as one total per currency. */
type StockView = { items: number; quantity: number; values: Money[] };
export const stockView = (row: Doc<"stockGroups">): StockView => ({ items: row.items, quantity: row.quantity, values: totalsList(valuesOf(row)) });

/** Exact totals of the business items a location / category filter selects. */
export async function stockTotals(ctx: QueryCtx, workspaceId: Id<"workspaces">, filter: { location?: string; category?: string }): Promise<StockView> {
  const { location, category } = filter;
  const [dimension, key]: [StockDimension, string] =
    location !== undefined && category !== undefined
      ? ["place", placeKey(location, category)]
      : location !== undefined
        ? ["location", location]
        : category !== undefined
          ? ["category", category]
          : ["all", ""];
  const row = await stockGroup(ctx, workspaceId, dimension, key);
  return row === null ? { items: 0, quantity: 0, values: [] } : stockView(row);
}
