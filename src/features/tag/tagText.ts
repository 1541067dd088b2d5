import type { AssetKind } from "../../../convex/lib/assets/tables";

export const KIND_BLURBS: Record<AssetKind, string> = {
  general: "Bikes, laptops, jewellery: everyday things",
  nft: "Digital assets and NFTs on chain",
  will: "What passes to your next of kin",
  business: "Inventory with SKU and quantity",
};
