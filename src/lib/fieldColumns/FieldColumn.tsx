// A custom field's column in a list: its value on the items of its category, sortable by the
// field's index (lib/customFields/list.ts) unless a search ranks the list.
import { categoryKey } from "../../../convex/lib/customFields/rules";
import type { CustomValues } from "../../../convex/lib/customFields/tables";
import type { Column } from "../../ui";
import { customFieldValue } from "../CustomFieldValue";
import { fieldSorts, type LiveField } from "./fieldView";

export type FieldRow = { category: string | null; custom: CustomValues };

const dash = <span className="text-slate-400">—</span>;

/** A field's column: its value on items of its category (values kept from another category are not its). */
export function fieldColumn<R extends FieldRow>(def: LiveField, sortable: boolean): Column<R> {
  const numeric = def.type === "number" || def.type === "money";
  return {
    key: `custom:${def._id}`,
    header: def.label,
    className: numeric ? "text-right tabular-nums" : "max-w-[16rem] break-words",
    sort: sortable ? { ...fieldSorts(def._id), ...(numeric ? { first: "desc" as const } : {}) } : undefined,
    cell: (row) => (categoryKey(row.category ?? "") === categoryKey(def.category) ? customFieldValue(def, row.custom[def._id]) : null) ?? dash,
  };
}

