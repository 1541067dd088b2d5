// Field-by-field changes of an edit, as text, for the asset's history.
import { COMMON_FIELDS, KIND_FIELD_SPECS, type FieldSpec } from "./fields";
import { displayText } from "./fieldValues";
import { asMoney } from "../money/currency";
import type { AssetInput } from "./rules";
import type { AssetChange, AssetDetails } from "./tables";

const SPECS: ReadonlyMap<string, FieldSpec> = new Map(
  [...COMMON_FIELDS, ...Object.values(KIND_FIELD_SPECS).flat()].map((spec: FieldSpec) => [spec.key, spec]),
);
const PREVIEW = 80;

/** The label a field of an asset goes by in its history and in an edit conflict. */
export function fieldLabel(field: string): string {
  if (field === "visibility") return "Visibility";
  return SPECS.get(field)?.label ?? field;
}

function asText(field: string, value: unknown): string | null {
  const spec = SPECS.get(field);
  const text = spec === undefined ? (value === undefined || value === null || value === "" ? null : String(value)) : displayText(spec, value);
  if (text === null) return null;
  return text.length > PREVIEW ? `${text.slice(0, PREVIEW - 1)}…` : text;
}

function flatten(input: Pick<AssetInput, "name" | "description" | "category" | "visibility"> & { details: AssetDetails }) {
  const { kind: _kind, ...details } = input.details;
  return { name: input.name, description: input.description, category: input.category, visibility: input.visibility, ...details } as Record<string, unknown>;
}

/** The amounts of a change to a money field, as the history keeps them beside their text. */
export function moneyChange(from: unknown, to: unknown): Pick<AssetChange, "money"> {
  return { money: { from: asMoney(from) ?? null, to: asMoney(to) ?? null } };
}

export function diffAsset(before: Parameters<typeof flatten>[0], after: Parameters<typeof flatten>[0]): AssetChange[] {
  const a = flatten(before);
  const b = flatten(after);
  const changes: AssetChange[] = [];
  for (const field of new Set([...Object.keys(a), ...Object.keys(b)])) {
    const same = JSON.stringify(a[field] ?? null) === JSON.stringify(b[field] ?? null);
    if (!same) changes.push({ field: fieldLabel(field), from: asText(field, a[field]), to: asText(field, b[field]), ...(SPECS.get(field)?.type === "money" ? moneyChange(a[field], b[field]) : {}) });
  }
  return changes;
}
