// A custom field's column in a list: its value on the items of its category, sortable by the
// field's index (lib/customFields/list.ts) unless a search ranks the list.
import { categoryKey } from "../../../convex/lib/customFields/rules";
import type { CustomValues } from "../../../convex/lib/customFields/tables";
import type { Column } from "../../ui";
import { customFieldValue } from "../CustomFieldValue";
import { fieldSorts, type LiveField } from "./fieldView";

export type FieldRow = { category: string | null; custom: CustomValues };

const dash = <span className="text-slate-400">—</span>;

/** A row's value in the field: only on items of its category (values kept from another category are not its). */
const valueOf = (def: LiveField, row: FieldRow) => (categoryKey(row.category ?? "") === categoryKey(def.category) ? customFieldValue(def, row.custom[def._id]) : null);

/**
 * A field's column, from the `md` breakpoint up; on a phone the row keeps its width and the
 * field's value shows under the name (`withFieldLines`), and the Columns dialog orders by it.
 */
export function fieldColumn<R extends FieldRow>(def: LiveField, sortable: boolean): Column<R> {
  const numeric = def.type === "number" || def.type === "money";
  return {
    key: `custom:${def._id}`,
    header: def.label,
    wideOnly: true,
    className: numeric ? "min-w-[6rem] text-right tabular-nums" : "min-w-[9rem] max-w-[18rem] break-words",
    sort: sortable ? { ...fieldSorts(def._id), ...(numeric ? { first: "desc" as const } : {}) } : undefined,
    // A long link keeps its row to one line: cut with "…" (its text and address stay whole for a screen reader).
    cell: (row) => {
      const value = valueOf(def, row);
      if (value === null) return dash;
      return def.type === "url" ? <span className="block max-w-[16rem] truncate [&_a]:break-normal">{value}</span> : value;
    },
  };
}

/** The name column with the shown fields' values under it on a phone, "Frame size: M", those with a value only. */
export function withFieldLines<R extends FieldRow>(column: Column<R>, defs: readonly LiveField[]): Column<R> {
  if (defs.length === 0) return column;
  return {
    ...column,
    cell: (row) => (
      <>
        {column.cell(row)}
        {defs.map((def) => {
          const value = valueOf(def, row);
          return value === null ? null : (
            <span key={def._id} className="block break-words text-xs text-slate-600 md:hidden dark:text-slate-400">{def.label}: {value}</span>
          );
        })}
      </>
    ),
  };
}

