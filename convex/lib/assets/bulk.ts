// Limits and filters the lists' bulk actions share (server and client import them).
import { v, type Infer } from "convex/values";
import { assetStatusValidator, type AssetKind, type AssetStatus } from "./tables";
import type { Doc } from "../../_generated/dataModel";

/** Ids per bulk call: the client sends a selection in batches of this many. */
export const BULK_BATCH = 100;
/** Ids per page when "select all matching" walks a filter. */
export const IDS_PAGE = 1000;
/** Free-text filters (search, location, category) are cut to this length. */
export const FILTER_MAX = 100;

export const BULK_MESSAGES = {
  tooMany: `Send at most ${BULK_BATCH} items per call`,
  filterTooLong: `Filters are at most ${FILTER_MAX} characters`,
};

/** What a bulk call did: `changed` items, and `skipped` ones (not yours, gone, or already so). */
export const bulkResultValidator = v.object({ changed: v.number(), skipped: v.number() });

/**
 * A bulk status change also says which items it refused because their status is no longer
 * the one the caller selected them with (someone else set it since): named, with the status
 * they have now, so nobody's change is overwritten unseen.
 */
const staleItemValidator = v.object({ _id: v.id("assets"), name: v.string(), serial: v.string(), status: assetStatusValidator });
export const bulkStatusResultValidator = v.object({ changed: v.number(), skipped: v.number(), stale: v.array(staleItemValidator) });
export type StaleItem = Infer<typeof staleItemValidator>;

/** The business inventory's location / category filters ("" = items without one). */
export const stockFilterArgs = { location: v.optional(v.string()), category: v.optional(v.string()) };
type StockFilter = { location?: string; category?: string };

export function matchesStock(asset: Doc<"assets">, { location, category }: StockFilter): boolean {
  if (asset.details.kind !== "business") return location === undefined && category === undefined;
  return (
    (location === undefined || (asset.details.location ?? "") === location) &&
    (category === undefined || (asset.category ?? "") === category)
  );
}

/** My Assets' kind / status filters, on an item read from another index (a custom field's rows). */
export function matchesKindAndStatus(asset: Doc<"assets">, { kind, status }: { kind?: AssetKind; status?: AssetStatus }): boolean {
  return (kind === undefined || asset.kind === kind) && (status === undefined || asset.status === status);
}
