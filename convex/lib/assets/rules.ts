// What a valid asset looks like. The tag form shows these messages per field
// before sending; the server runs the same checks and refuses with the first one.
import { COMMON_FIELDS, KIND_FIELD_SPECS, type FieldSpec } from "./fields";
import { cleanValue, valueError } from "./fieldValues";
import type { AssetDetails, AssetKind, AssetStatus, Visibility } from "./tables";
import { appError } from "../errors";
import type { CustomValues } from "../customFields/tables";

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
  /** Custom field values: checked against the workspace's definitions on the server (lib/customFields/store.ts). */
  custom?: CustomValues;
};
export type FieldErrors = Record<string, string>;

/** A kind's own fields (its details), in the form's order. */
export function fieldsOf(kind: AssetKind): readonly FieldSpec[] {
  return KIND_FIELD_SPECS[kind];
}

/** Whether a field applies given the others' values (a lifetime warranty has no end date). */
export function applies(spec: FieldSpec, values: Readonly<Record<string, unknown>>): boolean {
  return spec.unless === undefined || values[spec.unless.key] !== spec.unless.value;
}

/**
 * Trims every text, normalises identifiers and drops empty optional fields: every field the kind's
 * table lists, and only those (custom values are the workspace's: lib/customFields/store.ts adds them checked).
 */
export function cleanAsset(input: AssetInput): AssetInput {
  const raw = input.details as Record<string, unknown>;
  const details: Record<string, unknown> = { kind: input.details.kind };
  for (const spec of fieldsOf(input.details.kind)) {
    const value = cleanValue(spec, raw[spec.key]);
    if (value !== undefined) details[spec.key] = value;
  }
  for (const spec of fieldsOf(input.details.kind)) if (!applies(spec, details)) delete details[spec.key];
  const common = Object.fromEntries(COMMON_FIELDS.map((spec) => [spec.key, cleanValue(spec, input[spec.key])]));
  return {
    kind: input.kind,
    name: (common.name as string | undefined) ?? "",
    description: common.description as string | undefined,
    category: common.category as string | undefined,
    visibility: input.visibility,
    details: details as AssetDetails,
  };
}

/** Field errors of a cleaned input ({} when valid), keyed by field. */
export function assetErrors(input: AssetInput, now = Date.now()): FieldErrors {
  const errors: FieldErrors = {};
  const add = (spec: FieldSpec, value: unknown, values: Readonly<Record<string, unknown>>) => {
    const error = valueError(spec, value, values, now);
    if (error !== undefined) errors[spec.key] = error;
  };
  for (const spec of COMMON_FIELDS) add(spec, input[spec.key], input);
  if (input.details.kind !== input.kind) {
    errors.kind = "Details do not match the asset kind";
    return errors;
  }
  const details = input.details as Readonly<Record<string, unknown>>;
  for (const spec of fieldsOf(input.kind)) add(spec, details[spec.key], details);
  return errors;
}

/** Cleans and checks an input on the server; refuses with the first message. */
export function assertAsset(input: AssetInput): AssetInput {
  const clean = cleanAsset(input);
  const first = Object.values(assetErrors(clean))[0];
  if (first !== undefined) throw appError("INVALID", first);
  return clean;
}

/**
 * The text the search index sees: the serial, the kind and every searchable field, then
 * `customWords` (the custom values that may be searched: lib/customFields/store.ts).
 */
export function searchTextOf(asset: AssetInput & { serial: string }, customWords = ""): string {
  const details = asset.details as Readonly<Record<string, unknown>>;
  const parts: unknown[] = [asset.serial, KIND_LABELS[asset.kind]];
  for (const spec of COMMON_FIELDS) if (spec.searchable) parts.push(asset[spec.key]);
  for (const spec of fieldsOf(asset.kind)) if (spec.searchable) parts.push(details[spec.key]);
  parts.push(customWords);
  return parts.filter((p) => p !== undefined && p !== null && p !== "").map(String).join(" ");
}
