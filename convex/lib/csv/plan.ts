// Duplicate SKUs, found before paying: a SKU the file repeats, and a SKU the
// business already holds. The user chooses once for both: skip the duplicate
// (the first row, or the item already held, wins) or update the existing item
// (the last row wins). Updating is free: it tags nothing new.
import type { AssetInput } from "../assets/rules";
import type { ImportRow } from "./import";

export const DUPLICATE_CHOICES = ["skip", "update"] as const;
export type OnDuplicate = (typeof DUPLICATE_CHOICES)[number];

export type PlanEntry<AssetId> = { op: "create"; input: AssetInput } | { op: "update"; assetId: AssetId; input: AssetInput };

export type ImportPlan<AssetId> = {
  entries: PlanEntry<AssetId>[];
  creates: number;
  updates: number;
  /** Rows left out: repeats of a SKU earlier in the file, or items already held (skip). */
  skipped: number;
  /** SKUs the file holds more than once, with their rows. */
  repeated: { sku: string; rows: number[] }[];
  /** SKUs of the file the business already holds. */
  existing: string[];
};

export function skuOf(input: AssetInput): string {
  return input.details.kind === "business" ? input.details.sku : "";
}

/** What an import will do, given the business's items per SKU and the user's choice. */
export function planImport<AssetId>(rows: readonly ImportRow[], held: ReadonlyMap<string, AssetId>, onDuplicate: OnDuplicate): ImportPlan<AssetId> {
  const bySku = new Map<string, ImportRow[]>();
  for (const row of rows) {
    const sku = skuOf(row.input);
    const list = bySku.get(sku);
    if (list === undefined) bySku.set(sku, [row]);
    else list.push(row);
  }
  const entries: PlanEntry<AssetId>[] = [];
  const repeated: { sku: string; rows: number[] }[] = [];
  const existing: string[] = [];
  let skipped = 0;
  for (const [sku, list] of bySku) {
    if (list.length > 1) repeated.push({ sku, rows: list.map((r) => r.row) });
    const chosen = onDuplicate === "skip" ? list[0] : list[list.length - 1];
    skipped += list.length - 1;
    const assetId = held.get(sku);
    if (assetId !== undefined) existing.push(sku);
    if (assetId === undefined) entries.push({ op: "create", input: chosen.input });
    else if (onDuplicate === "update") entries.push({ op: "update", assetId, input: chosen.input });
    else skipped += 1;
  }
  const creates = entries.filter((e) => e.op === "create").length;
  return { entries, creates, updates: entries.length - creates, skipped, repeated, existing };
}
