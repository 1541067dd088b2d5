// Field-by-field changes of an edit, as text, for the asset's history.
import type { AssetInput } from "./rules";
import type { AssetChange, AssetDetails } from "./tables";

const LABELS: Record<string, string> = {
  name: "Name",
  description: "Description",
  category: "Category",
  visibility: "Visibility",
  brand: "Brand",
  model: "Model",
  purchaseDate: "Purchase date",
  purchaseValue: "Purchase value",
  location: "Location",
  chain: "Chain",
  contractAddress: "Contract address",
  tokenId: "Token ID",
  marketplaceUrl: "Marketplace URL",
  instructions: "Instructions",
  sku: "SKU",
  quantity: "Quantity",
  unitCost: "Unit cost",
};
const MONEY = new Set(["purchaseValue", "unitCost"]);
const PREVIEW = 80;

/** The label a field of an asset goes by in its history and in an edit conflict. */
export function fieldLabel(field: string): string {
  return LABELS[field] ?? field;
}

function asText(field: string, value: unknown): string | null {
  if (value === undefined || value === null || value === "") return null;
  if (MONEY.has(field) && typeof value === "number") return (value / 100).toFixed(2);
  const text = String(value);
  return text.length > PREVIEW ? `${text.slice(0, PREVIEW - 1)}…` : text;
}

function flatten(input: Pick<AssetInput, "name" | "description" | "category" | "visibility"> & { details: AssetDetails }) {
  const { kind: _kind, ...details } = input.details;
  return { name: input.name, description: input.description, category: input.category, visibility: input.visibility, ...details } as Record<string, unknown>;
}

export function diffAsset(before: Parameters<typeof flatten>[0], after: Parameters<typeof flatten>[0]): AssetChange[] {
  const a = flatten(before);
  const b = flatten(after);
  const changes: AssetChange[] = [];
  for (const field of new Set([...Object.keys(a), ...Object.keys(b)])) {
    const same = JSON.stringify(a[field] ?? null) === JSON.stringify(b[field] ?? null);
    if (!same) changes.push({ field: fieldLabel(field), from: asText(field, a[field]), to: asText(field, b[field]) });
  }
  return changes;
}
