import { literals } from "convex-helpers/validators";
import { v, type Infer, type Validator, type VFloat64, type VNull, type VOptional, type VString, type VUnion } from "convex/values";
import { moneyValidator } from "../money/currency";
import { KIND_FIELD_SPECS, type FieldSpec } from "./fields";
import { customValuesValidator } from "../customFields/tables";
import { FILE_KINDS } from "./fileRules";

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

// Each kind's details, derived from its field table (fields.ts): a required field is stored on
// every asset, an optional one may be absent. Money is an amount in minor units with its
// currency (lib/money/currency.ts), so sums stay exact and are never made across currencies.
type BaseValidatorOf<F> = F extends { type: "money" }
  ? typeof moneyValidator
  : F extends { type: "count" }
    ? VFloat64<number>
    : F extends { options: readonly (infer O extends string)[] }
      ? Validator<O, "required", never>
      : VString<string>;
// Before amounts had currencies a money field held a bare number of pence: the table accepts
// both until migrations:giveValuesCurrencies has rewritten them (readers go through asMoney).
// The number first: convex-test checks each write against the schema, and this order made a
// 1,000-row import's test 16 s again where the object first took 26 s.
const storedMoneyValidator = v.union(v.number(), moneyValidator);
type StoredValidatorOf<F> = F extends { type: "money" } ? typeof storedMoneyValidator : BaseValidatorOf<F>;
type FieldShape<Fs extends readonly FieldSpec[], Stored extends boolean = false> = {
  [F in Fs[number] as F["key"]]: F extends { required: true }
    ? Stored extends true ? StoredValidatorOf<F> : BaseValidatorOf<F>
    : VOptional<Stored extends true ? StoredValidatorOf<F> : BaseValidatorOf<F>>;
};

function baseValidator(spec: FieldSpec, stored = false) {
  if (spec.type === "money") return stored ? storedMoneyValidator : moneyValidator;
  if (spec.type === "count") return v.number();
  if (spec.options !== undefined) return literals(...(spec.options as [string, string, ...string[]]));
  return v.string();
}

/** The validators of a list of fields, by key (required or optional as the table says); `stored`: as the table holds them. */
function fieldValidators<Fs extends readonly FieldSpec[], Stored extends boolean = false>(fields: Fs, stored?: Stored): FieldShape<Fs, Stored> {
  return Object.fromEntries(fields.map((f) => [f.key, f.required ? baseValidator(f, stored) : v.optional(baseValidator(f, stored))])) as FieldShape<Fs, Stored>;
}

type NullableShape<Fs extends readonly FieldSpec[]> = {
  [F in Fs[number] as F["key"]]: VUnion<Infer<BaseValidatorOf<F>> | null, [BaseValidatorOf<F>, VNull], "required", never>;
};

/** A row's values of those fields. */
export type NullableValues<Fs extends readonly FieldSpec[]> = { [F in Fs[number] as F["key"]]: Infer<BaseValidatorOf<F>> | null };

/** The same fields as a row a list returns: each present, null when the asset has none. */
export function nullableFieldValidators<Fs extends readonly FieldSpec[]>(fields: Fs): NullableShape<Fs> {
  return Object.fromEntries(fields.map((f) => [f.key, v.union(baseValidator(f), v.null())])) as unknown as NullableShape<Fs>;
}

const detailsOf = <K extends AssetKind>(kind: K) => v.object({ kind: v.literal(kind), ...fieldValidators(KIND_FIELD_SPECS[kind] as (typeof KIND_FIELD_SPECS)[K]) });
const storedDetailsOf = <K extends AssetKind>(kind: K) =>
  v.object({ kind: v.literal(kind), ...fieldValidators(KIND_FIELD_SPECS[kind] as (typeof KIND_FIELD_SPECS)[K], true) });
const generalDetailsValidator = detailsOf("general");
const nftDetailsValidator = detailsOf("nft");
const willDetailsValidator = detailsOf("will");
const businessDetailsValidator = detailsOf("business");
const storedWillDetailsValidator = v.object({
  ...willDetailsValidator.fields,
  beneficiaries: v.optional(v.array(legacyBeneficiaryValidator)),
});
// Tagged by `kind`, always equal to the asset's own kind.
export const assetDetailsValidator = v.union(
  generalDetailsValidator,
  nftDetailsValidator,
  willDetailsValidator,
  businessDetailsValidator,
);
export type AssetDetails = Infer<typeof assetDetailsValidator>;
// What the table holds: the details above, a will asset or an amount not yet migrated.
const storedAssetDetailsValidator = v.union(
  storedDetailsOf("general"),
  nftDetailsValidator,
  storedWillDetailsValidator,
  storedDetailsOf("business"),
);
export type StoredAssetDetails = Infer<typeof storedAssetDetailsValidator>;

export const fileKindValidator = literals(...FILE_KINDS);
export type { FileKind } from "./fileRules";
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
  v.literal("custody"),
  v.literal("kit"),
  // Moved by its owner to another of their workspaces (the one it was in was being closed).
  v.literal("moved"),
  // Brought in from a workspace export's ZIP (convex/workspacePorts.ts).
  v.literal("imported"),
);
export type AssetEventType = Infer<typeof assetEventTypeValidator>;

// One changed field of an edit: values rendered as text for the history.
export const assetChangeValidator = v.object({
  field: v.string(),
  from: v.union(v.string(), v.null()),
  to: v.union(v.string(), v.null()),
  // A change of an amount also as the amounts, so the history shows them in the reader's locale.
  money: v.optional(v.object({ from: v.union(moneyValidator, v.null()), to: v.union(moneyValidator, v.null()) })),
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
  // Values of the workspace's custom fields (lib/customFields), keyed by the field's id.
  custom: v.optional(customValuesValidator),
  // Changes to the edit form's fields so far (absent: 0); a save names the one it loaded (lib/assets/versions.ts).
  version: v.optional(v.number()),
  // A business item's unit cost × quantity, kept by a trigger (lib/inventory/lineValue.ts) for the inventory's Value sort.
  lineValue: v.optional(moneyValidator),
  // What the item adds to its workspace's worth as last counted (lib/assets/worth.ts), kept by the
  // assets trigger; absent: nothing counted (no value, handed over, or from before the totals).
  worth: v.optional(moneyValidator),
};
