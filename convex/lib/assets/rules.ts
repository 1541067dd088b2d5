// What a valid asset looks like. The tag form shows these messages per field
// before sending; the server runs the same checks and refuses with the first one.
import { contractAddressError, tokenIdError } from "./chains";
import type { AssetDetails, AssetKind, AssetStatus, Visibility } from "./tables";
import { appError } from "../errors";
import { oneLineError } from "../oneLine";

export const ASSET_LIMITS = {
  name: 100,
  description: 2000,
  category: 60,
  short: 100,
  location: 200,
  url: 2048,
  sku: 64,
  instructions: 5000,
  quantity: 1_000_000_000,
  // Minor units (pence): up to 10 billion in the major unit.
  money: 1_000_000_000_000,
} as const;

export const KIND_LABELS: Record<AssetKind, string> = {
  general: "General",
  nft: "NFT",
  will: "My Will",
  business: "Business",
};
export const STATUS_LABELS: Record<AssetStatus, string> = {
  active: "Active",
  lost: "Lost",
  stolen: "Stolen",
  transferred: "Transferred",
};
/** A new asset's visibility: what one leaves in a will is nobody else's business until it is released. */
export function defaultVisibility(kind: AssetKind): Visibility {
  return kind === "will" ? "private" : "public";
}
/** How each status stands (its badge colour): fine, a warning, an alarm, or over. */
export const STATUS_TONES = { active: "green", lost: "amber", stolen: "red", transferred: "slate" } as const satisfies Record<AssetStatus, string>;

export type AssetInput = {
  kind: AssetKind;
  name: string;
  description?: string;
  category?: string;
  visibility: Visibility;
  details: AssetDetails;
};
export type FieldErrors = Record<string, string>;

const SKU = /^[A-Za-z0-9][A-Za-z0-9._/-]*$/;
const DATE = /^\d{4}-\d{2}-\d{2}$/;

const opt = (value: string | undefined) => {
  const trimmed = value?.trim() ?? "";
  return trimmed === "" ? undefined : trimmed;
};

/** Trims every text and drops empty optional fields. */
export function cleanAsset(input: AssetInput): AssetInput {
  const d = input.details;
  let details: AssetDetails;
  if (d.kind === "general") {
    details = { kind: "general", brand: opt(d.brand), model: opt(d.model), purchaseDate: opt(d.purchaseDate), purchaseValue: d.purchaseValue, location: opt(d.location) };
  } else if (d.kind === "nft") {
    details = { kind: "nft", chain: d.chain, contractAddress: d.contractAddress.trim(), tokenId: d.tokenId.trim(), marketplaceUrl: opt(d.marketplaceUrl) };
  } else if (d.kind === "will") {
    details = { kind: "will", instructions: opt(d.instructions) };
  } else {
    details = { kind: "business", sku: d.sku.trim(), quantity: d.quantity, unitCost: d.unitCost, location: opt(d.location) };
  }
  const stripped = Object.fromEntries(Object.entries(details).filter(([, v]) => v !== undefined)) as AssetDetails;
  return { kind: input.kind, name: input.name.trim(), description: opt(input.description), category: opt(input.category), visibility: input.visibility, details: stripped };
}

const tooLong = (label: string, max: number) => `${label} must be at most ${max} characters`;
const isMoney = (n: number) => Number.isSafeInteger(n) && n >= 0 && n <= ASSET_LIMITS.money;

function checkText(errors: FieldErrors, key: string, label: string, value: string | undefined, max: number) {
  if (value !== undefined && value.length > max) errors[key] = tooLong(label, max);
}

/** A single-line field: also no line breaks or control characters. */
function checkLine(errors: FieldErrors, key: string, label: string, value: string | undefined, max: number) {
  const error = value !== undefined && value.length > max ? tooLong(label, max) : oneLineError(label, value);
  if (error !== undefined) errors[key] = error;
}

function isPastDate(value: string, now: number): boolean {
  if (!DATE.test(value)) return false;
  const time = Date.parse(`${value}T00:00:00Z`);
  return !Number.isNaN(time) && new Date(time).toISOString().startsWith(value) && time <= now;
}

function detailErrors(errors: FieldErrors, d: AssetDetails, now: number) {
  if (d.kind === "general") {
    checkLine(errors, "brand", "Brand", d.brand, ASSET_LIMITS.short);
    checkLine(errors, "model", "Model", d.model, ASSET_LIMITS.short);
    checkLine(errors, "location", "Location", d.location, ASSET_LIMITS.location);
    if (d.purchaseDate !== undefined && !isPastDate(d.purchaseDate, now)) errors.purchaseDate = "Purchase date must be a real date, not in the future";
    if (d.purchaseValue !== undefined && !isMoney(d.purchaseValue)) errors.purchaseValue = "Purchase value must be a positive amount";
  } else if (d.kind === "nft") {
    const address = contractAddressError(d.chain, d.contractAddress);
    if (address) errors.contractAddress = address;
    const token = tokenIdError(d.chain, d.tokenId);
    if (token) errors.tokenId = token;
    if (d.marketplaceUrl !== undefined && (!/^https?:\/\/\S+$/.test(d.marketplaceUrl) || d.marketplaceUrl.length > ASSET_LIMITS.url)) {
      errors.marketplaceUrl = "Marketplace URL must start with http:// or https://";
    }
  } else if (d.kind === "will") {
    checkText(errors, "instructions", "Instructions", d.instructions, ASSET_LIMITS.instructions);
  } else {
    if (d.sku === "") errors.sku = "SKU is required";
    else if (d.sku.length > ASSET_LIMITS.sku) errors.sku = tooLong("SKU", ASSET_LIMITS.sku);
    else if (!SKU.test(d.sku)) errors.sku = "SKU may use letters, digits, dots, dashes and slashes";
    if (!Number.isSafeInteger(d.quantity) || d.quantity < 0 || d.quantity > ASSET_LIMITS.quantity) errors.quantity = "Quantity must be a whole number, 0 or more";
    if (d.unitCost !== undefined && !isMoney(d.unitCost)) errors.unitCost = "Unit cost must be a positive amount";
    checkLine(errors, "location", "Location", d.location, ASSET_LIMITS.location);
  }
}

/** Field errors of a cleaned input ({} when valid). */
export function assetErrors(input: AssetInput, now = Date.now()): FieldErrors {
  const errors: FieldErrors = {};
  if (input.name === "") errors.name = "Name is required";
  checkLine(errors, "name", "Name", input.name, ASSET_LIMITS.name);
  checkText(errors, "description", "Description", input.description, ASSET_LIMITS.description);
  checkLine(errors, "category", "Category", input.category, ASSET_LIMITS.category);
  if (input.details.kind !== input.kind) errors.kind = "Details do not match the asset kind";
  else detailErrors(errors, input.details, now);
  return errors;
}

/** Cleans and checks an input on the server; refuses with the first message. */
export function assertAsset(input: AssetInput): AssetInput {
  const clean = cleanAsset(input);
  const first = Object.values(assetErrors(clean))[0];
  if (first !== undefined) throw appError("INVALID", first);
  return clean;
}

/** The text the search index sees: everything a person might type to find the asset. */
export function searchTextOf(asset: AssetInput & { serial: string }): string {
  const d = asset.details;
  const parts: (string | undefined)[] = [asset.name, asset.serial, asset.category, asset.description, KIND_LABELS[asset.kind]];
  if (d.kind === "general") parts.push(d.brand, d.model, d.location);
  if (d.kind === "nft") parts.push(d.chain, d.contractAddress, d.tokenId);
  if (d.kind === "business") parts.push(d.sku, d.location);
  return parts.filter((p) => p !== undefined && p !== "").join(" ");
}
