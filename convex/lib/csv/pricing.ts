// What an import costs: volume pricing per file, in TMT. The first items cost
// what tagging one asset costs; larger files pay less per item, so a business
// registering its whole stock at once is not charged 5 TMT × 10,000.
// Updating items the business already holds is free.
import { TAGGING_COST } from "../constants";

const IMPORT_PRICE_TIERS = [
  { upTo: 100, each: TAGGING_COST },
  { upTo: 1_000, each: 2 },
  { upTo: Number.POSITIVE_INFINITY, each: 1 },
] as const;

type CostLine = { count: number; each: number; subtotal: number };

/** The tiers a number of new items falls into, cheapest last. */
export function importCostLines(newItems: number): CostLine[] {
  const lines: CostLine[] = [];
  let from = 0;
  for (const tier of IMPORT_PRICE_TIERS) {
    const count = Math.max(0, Math.min(newItems, tier.upTo) - from);
    if (count > 0) lines.push({ count, each: tier.each, subtotal: count * tier.each });
    from = tier.upTo;
  }
  return lines;
}

/** The TMT charged for creating `newItems` items in one import. */
export function importCost(newItems: number): number {
  return importCostLines(newItems).reduce((sum, line) => sum + line.subtotal, 0);
}
