import { literals } from "convex-helpers/validators";
import { v, type Infer } from "convex/values";

// Asset shapes, shared by schema, args and returns; src/ imports the types.
// Each enum is written once, as a list; its validator and type are derived from it.
export const ASSET_KINDS = ["general", "nft", "will", "business"] as const;
export const assetKindValidator = literals(...ASSET_KINDS);
export type AssetKind = Infer<typeof assetKindValidator>;

export const ASSET_STATUSES = ["active", "lost", "stolen", "transferred"] as const;
export const assetStatusValidator = literals(...ASSET_STATUSES);
export type AssetStatus = Infer<typeof assetStatusValidator>;

export const visibilityValidator = v.union(v.literal("public"), v.literal("private"));
export type Visibility = Infer<typeof visibilityValidator>;

export const CHAINS = ["ethereum", "polygon", "base", "arbitrum", "optimism", "solana", "tezos"] as const;
const chainValidator = literals(...CHAINS);
export type Chain = Infer<typeof chainValidator>;

// Beneficiaries once typed into a will asset's details. Who receives a will asset now lives
// in one place, the `beneficiaries` table (next-of-kin contacts with a share); stored
// details of this shape are moved there by convex/migrations.ts and nothing writes it.
const legacyBeneficiaryValidator = v.object({
  name: v.string(),
  relationship: v.optional(v.string()),
  email: v.optional(v.string()),
  share: v.optional(v.number()),
});
export type LegacyBeneficiary = Infer<typeof legacyBeneficiaryValidator>;

// Money is stored in minor units (pence/cents) so sums stay exact.
const generalDetailsValidator = v.object({
  kind: v.literal("general"),
  brand: v.optional(v.string()),
  model: v.optional(v.string()),
  purchaseDate: v.optional(v.string()), // YYYY-MM-DD
  purchaseValue: v.optional(v.number()),
  location: v.optional(v.string()),
});
const nftDetailsValidator = v.object({
  kind: v.literal("nft"),
  chain: chainValidator,
  contractAddress: v.string(),
  tokenId: v.string(),
  marketplaceUrl: v.optional(v.string()),
});
const willDetailsValidator = v.object({
  kind: v.literal("will"),
  instructions: v.optional(v.string()),
});
const storedWillDetailsValidator = v.object({
  ...willDetailsValidator.fields,
  beneficiaries: v.optional(v.array(legacyBeneficiaryValidator)),
});
const businessDetailsValidator = v.object({
  kind: v.literal("business"),
  sku: v.string(),
  quantity: v.number(),
  unitCost: v.optional(v.number()),
  location: v.optional(v.string()),
});
// Tagged by `kind`, always equal to the asset's own kind.
export const assetDetailsValidator = v.union(
  generalDetailsValidator,
  nftDetailsValidator,
  willDetailsValidator,
  businessDetailsValidator,
);
export type AssetDetails = Infer<typeof assetDetailsValidator>;
// What the table holds: the details above, or a will asset not yet migrated.
const storedAssetDetailsValidator = v.union(
  generalDetailsValidator,
  nftDetailsValidator,
  storedWillDetailsValidator,
  businessDetailsValidator,
);
export type StoredAssetDetails = Infer<typeof storedAssetDetailsValidator>;

export const fileKindValidator = v.union(v.literal("photo"), v.literal("document"));
export type FileKind = Infer<typeof fileKindValidator>;
export const assetFileValidator = v.object({
  storageId: v.id("_storage"),
  kind: fileKindValidator,
  name: v.string(),
  contentType: v.string(),
  size: v.number(),
});
export type AssetFile = Infer<typeof assetFileValidator>;

export const transferStatusValidator = v.union(
  v.literal("pending"),
  v.literal("accepted"),
  v.literal("declined"),
  v.literal("cancelled"),
);

// One period of ownership as its owner's screens show it (/verify's provenance: dates, no
// people), and whether it is the viewer's.
export const ownerPeriodValidator = v.object({ from: v.number(), to: v.union(v.number(), v.null()), yours: v.boolean() });
export type OwnerPeriod = Infer<typeof ownerPeriodValidator>;

export const assetEventTypeValidator = v.union(
  v.literal("tagged"),
  v.literal("edited"),
  v.literal("status"),
  v.literal("visibility"),
  v.literal("files"),
  v.literal("transfer_offered"),
  v.literal("transfer_cancelled"),
  v.literal("transfer_declined"),
  v.literal("transferred"),
  // Moved by its owner to another of their workspaces (the one it was in was being closed).
  v.literal("moved"),
);
export type AssetEventType = Infer<typeof assetEventTypeValidator>;

// One changed field of an edit: values rendered as text for the history.
export const assetChangeValidator = v.object({
  field: v.string(),
  from: v.union(v.string(), v.null()),
  to: v.union(v.string(), v.null()),
});
export type AssetChange = Infer<typeof assetChangeValidator>;

export const assetFields = {
  // The workspace that holds the asset. Optional only for records written before workspaces,
  // until migrations:moveToWorkspaces has run; every write sets it.
  workspaceId: v.optional(v.id("workspaces")),
  // Before workspaces: the owning user. The migration moves it to `workspaceId` and clears it.
  ownerId: v.optional(v.id("users")),
  serial: v.string(),
  kind: assetKindValidator,
  name: v.string(),
  description: v.optional(v.string()),
  category: v.optional(v.string()),
  visibility: visibilityValidator,
  status: assetStatusValidator,
  details: storedAssetDetailsValidator,
  files: v.array(assetFileValidator),
  taggedAt: v.number(),
  updatedAt: v.number(),
  // name + serial + category + description + kind-specific text, for the search index.
  searchText: v.string(),
  // Changes to the edit form's fields so far (absent: 0); a save names the one it loaded (lib/assets/versions.ts).
  version: v.optional(v.number()),
};
