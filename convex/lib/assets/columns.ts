// An asset's fields as columns (CSV import and export, list columns), from the field table.
import { COMMON_FIELDS, KIND_FIELD_SPECS, type FieldSpec } from "./fields";
import { cellText } from "./fieldValues";
import { ASSET_KINDS, type AssetKind, type StoredAssetDetails } from "./tables";

type WithFields = { name: string; description?: string; category?: string; details: StoredAssetDetails };

const COMMON_KEYS: ReadonlySet<string> = new Set(COMMON_FIELDS.map((f) => f.key));
const [NAME, ...COMMON_REST] = COMMON_FIELDS;

/** A kind's CSV columns in order: the name, the kind's own fields, then category and description. */
export function csvFieldsOf(kind: AssetKind): readonly FieldSpec[] {
  return [NAME, ...KIND_FIELD_SPECS[kind], ...COMMON_REST].filter((f: FieldSpec) => f.csv !== undefined);
}

/** The column name of a field with a CSV column. */
export const columnOf = (spec: FieldSpec): string => spec.csv?.column ?? spec.key;

/** Every kind's CSV columns, each once (a selection mixing kinds is exported with all of them). */
export const EXPORT_FIELDS: readonly FieldSpec[] = [
  ...new Map(ASSET_KINDS.flatMap((kind) => csvFieldsOf(kind)).map((f) => [columnOf(f), f])).values(),
];

/** A field's value on an asset: the common ones on the asset, the kind's in its details. */
export function valueOf(spec: FieldSpec, asset: WithFields): unknown {
  if (COMMON_KEYS.has(spec.key)) return asset[spec.key as "name" | "description" | "category"];
  return (asset.details as Readonly<Record<string, unknown>>)[spec.key];
}

/** The asset's CSV cells by column: every column of its kind (empty when it has no value). */
export function csvCells(asset: WithFields): Record<string, string> {
  return Object.fromEntries(csvFieldsOf(asset.details.kind).map((f) => [columnOf(f), cellText(f, valueOf(f, asset))]));
}
