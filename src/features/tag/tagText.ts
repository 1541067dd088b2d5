import type { AssetKind } from "../../../convex/lib/assets/tables";

export const KIND_BLURBS: Record<AssetKind, string> = {
  general: "Bikes, laptops, jewellery: everyday things",
  nft: "Digital assets and NFTs on chain",
  will: "What passes to your next of kin",
  business: "Inventory with SKU and quantity",
};

export function errorText(error: unknown, fallback: string): string {
  const data = (error as { data?: unknown } | null)?.data;
  if (data && typeof data === "object" && "message" in data && typeof data.message === "string") return data.message;
  if (error instanceof Error && error.message && !/\[CONVEX|Server Error/.test(error.message)) return error.message;
  return fallback;
}
