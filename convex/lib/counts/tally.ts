// The count changes of one mutation, added up and written once when it ends.
// The triggers (./triggers.ts) record each write's +1/-1 here instead of writing
// counters and stock groups themselves; lib/writes.ts creates one tally per mutation
// and flushes it after the handler returns, still inside the mutation's transaction,
// so the counts commit (or roll back) with the writes they count. A mutation that
// writes 500 assets then makes a handful of counter writes instead of thousands.
// (A count read inside the same mutation, after its writes, does not see them yet:
// no mutation reads counts.)
import type { Id } from "../../_generated/dataModel";
import type { MutationCtx } from "../../_generated/server";
import type { Money } from "../money/currency";
import { addValues, applyStockChange, type StockChange, type StockDimension } from "../inventory/stockGroups";
import { assetCounter } from "./assetCounts";

export class CountTally {
  private counters = new Map<string, number>();
  private stock = new Map<string, StockChange>();
  private worth = new Map<string, WorthChange>();

  /** Adds `delta` to a counter of ./assetCounts.ts. */
  count(key: string, delta: number) {
    this.counters.set(key, (this.counters.get(key) ?? 0) + delta);
  }

  /** Adds a change to one stock group (lib/inventory/stockGroups.ts). */
  addStock(scope: StockChange["scope"], dimension: StockDimension, key: string, change: Pick<StockChange, "items" | "quantity" | "values">) {
    const id = JSON.stringify([scope, dimension, key]);
    const sum = this.stock.get(id) ?? { scope, dimension, key, items: 0, quantity: 0, values: {} };
    sum.items += change.items;
    sum.quantity += change.quantity;
    sum.values = addValues(sum.values, change.values);
    this.stock.set(id, sum);
  }

  /** Adds (`sign` 1) or takes away (-1) an item's worth in its workspace's totals (lib/assets/worth.ts). */
  addWorth(workspaceId: Id<"workspaces">, money: Money, sign: 1 | -1) {
    const id = JSON.stringify([workspaceId, money.currency]);
    const sum = this.worth.get(id) ?? { workspaceId, currency: money.currency, amount: 0, items: 0 };
    sum.amount += sign * money.amount;
    sum.items += sign;
    this.worth.set(id, sum);
  }

  /** Writes what was added up (changes that cancelled out write nothing) and starts afresh. */
  async flush(ctx: MutationCtx) {
    const counters = [...this.counters].filter(([, delta]) => delta !== 0);
    const stock = [...this.stock.values()].filter((s) => s.items !== 0 || s.quantity !== 0 || Object.keys(s.values).length > 0);
    const worth = [...this.worth.values()].filter((w) => w.amount !== 0 || w.items !== 0);
    this.counters.clear();
    this.stock.clear();
    this.worth.clear();
    for (const change of stock) await applyStockChange(ctx, change);
    for (const change of worth) await applyWorthChange(ctx, change);
    // The counters last: each is a call into a component, which a backend may serve elsewhere
    // than the mutation's own reads and writes (the local backend's worker hands the rest of
    // the run to its main thread at the first such call, so the hundreds of stock-group reads
    // before it stay in the worker).
    const counter = assetCounter();
    for (const [key, delta] of counters) await counter.add(ctx, key, delta);
  }
}

type WorthChange = { workspaceId: Id<"workspaces">; currency: string; amount: number; items: number };

/** Moves one workspace's total in one currency; the row goes when no item holds a value in it. */
async function applyWorthChange(ctx: MutationCtx, { workspaceId, currency, amount, items }: WorthChange) {
  const row = await ctx.db
    .query("worthTotals")
    .withIndex("by_workspaceId_and_currency", (q) => q.eq("workspaceId", workspaceId).eq("currency", currency))
    .unique();
  const next = { amount: (row?.amount ?? 0) + amount, items: (row?.items ?? 0) + items };
  if (row === null) {
    if (next.items > 0) await ctx.db.insert("worthTotals", { workspaceId, currency, ...next });
  } else if (next.items <= 0) await ctx.db.delete("worthTotals", row._id);
  else await ctx.db.patch("worthTotals", row._id, next);
}
