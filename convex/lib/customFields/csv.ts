// Custom fields as CSV columns: one column per field name in the workspace (two categories'
// "Size" share the column: an item has one category, so one of them fills it). Export writes
// each item's values under their fields' names; the import maps a column to a name, and each
// row fills the field of that name in the row's category. Pure: the preview and the server
// check a file the same way.
import { restoreCell } from "../csv/format";
import { categoryKey, cleanCustom, customCellText, customValueError, parseCustomText, type FieldDefinition } from "./rules";
import type { CustomValue, CustomValues } from "./tables";

/** A live definition with the category it belongs to. */
export type CategoryDefinition = FieldDefinition & { readonly category: string };

/** Column (0-based) in the file for each custom column, by its name. */
export type CustomMapping = Readonly<Record<string, number>>;

const normalise = (text: string) => text.toLowerCase().replace(/[^\p{L}\p{N}]/gu, "");

/** The custom columns: each field name once, in the definitions' order. */
export function customColumns(defs: readonly CategoryDefinition[]): string[] {
  const seen = new Map<string, string>();
  for (const d of defs) if (!seen.has(normalise(d.label))) seen.set(normalise(d.label), d.label);
  return [...seen.values()];
}

/** Each custom column to the first column of the file named like it that `base` (the item's own fields' mapping) leaves free. */
export function guessCustomMapping(header: readonly string[], defs: readonly CategoryDefinition[], base: Readonly<Record<string, number | undefined>>): CustomMapping {
  const mapping: Record<string, number> = {};
  const used = new Set(Object.values(base));
  for (const label of customColumns(defs)) {
    const i = header.findIndex((h, at) => !used.has(at) && normalise(h) === normalise(label));
    if (i !== -1) {
      mapping[label] = i;
      used.add(i);
    }
  }
  return mapping;
}

/** The category's field named `label`, if it has one. */
function fieldOf(defs: readonly CategoryDefinition[], category: string | undefined, label: string): CategoryDefinition | undefined {
  const key = categoryKey(category ?? "");
  return defs.find((d) => categoryKey(d.category) === key && normalise(d.label) === normalise(label));
}

/**
 * A row's custom values from its mapped cells, and its problems: a cell that is not its field's
 * type, a value in a column its category has no field for, a required field left empty.
 * An empty cell leaves a value as it is: an import never clears what an item holds.
 */
export function readCustomCells(
  record: readonly string[],
  mapping: CustomMapping,
  defs: readonly CategoryDefinition[],
  category: string | undefined,
  now = Date.now(),
): { custom: CustomValues | undefined; messages: string[] } {
  const messages: string[] = [];
  const raw: Record<string, CustomValue> = {};
  for (const [label, column] of Object.entries(mapping)) {
    const cell = restoreCell((record[column] ?? "").trim());
    if (cell === "") continue;
    const def = fieldOf(defs, category, label);
    if (def === undefined) {
      messages.push(`${label} is not a field of the category ${category?.trim() || "(none)"}`);
      continue;
    }
    const parsed = parseCustomText(def, cell);
    if ("error" in parsed) messages.push(parsed.error);
    else if (parsed.value !== undefined) raw[def._id] = parsed.value;
  }
  const rowDefs = defs.filter((d) => categoryKey(d.category) === categoryKey(category ?? ""));
  const custom = cleanCustom(rowDefs, raw);
  for (const def of rowDefs) {
    const error = customValueError(def, custom[def._id], now);
    if (error !== undefined && !messages.includes(error)) messages.push(error);
  }
  return { custom: Object.keys(custom).length === 0 ? undefined : custom, messages };
}

/** An item's custom values as CSV cells by column name (its category's fields; others empty). */
export function customCells(defs: readonly CategoryDefinition[], category: string | null | undefined, values: CustomValues | undefined): Record<string, string> {
  const key = categoryKey(category ?? "");
  const cells: Record<string, string> = {};
  for (const d of defs) {
    if (categoryKey(d.category) !== key) continue;
    cells[d.label] = customCellText(d, values?.[d._id]);
  }
  return Object.fromEntries(customColumns(defs).map((label) => [label, Object.entries(cells).find(([l]) => normalise(l) === normalise(label))?.[1] ?? ""]));
}
