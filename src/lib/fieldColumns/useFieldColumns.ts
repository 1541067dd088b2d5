// Custom fields as a list's optional columns (My Assets, the business inventory): which ones a
// member picked (?cols=, else what this browser picked last for the list and workspace), and the
// sort or filter by one field, kept in the URL and read on the server through the field's index.
import { api } from "../../../convex/_generated/api";
import type { FieldDefinition } from "../../../convex/lib/customFields/rules";
import type { FieldView } from "../../../convex/lib/customFields/list";
import type { Column } from "../../ui";
import { fieldColumn, withFieldLines, type FieldRow } from "./FieldColumn";
import type { useListParams } from "../listParams";
import { useWorkspace, useWorkspaceQuery } from "../useWorkspace";
import { fieldSorts, FILTER_PARAMS, isFiltered, readFieldSort, toFieldView, type FilterText, type LiveField, type Order } from "./fieldView";

type ListParams = ReturnType<typeof useListParams>;

const ORDERS: readonly Order[] = ["asc", "desc"];
function remembered(key: string): string[] {
  try {
    return (localStorage.getItem(key) ?? "").split(",").filter(Boolean);
  } catch {
    return [];
  }
}

export type FieldColumns = ReturnType<typeof useFieldColumns>;

/**
 * The list `list`'s custom-field columns and field view. `always`: fields shown whatever was
 * picked (the inventory's filtered category). `searching`: a search ranks by relevance, so the
 * field's order and filter wait until it is cleared.
 */
export function useFieldColumns<R extends FieldRow>(params: ListParams, list: "assets" | "inventory", { always = [], searching = false }: { always?: readonly FieldDefinition[]; searching?: boolean } = {}) {
  const { workspaceId } = useWorkspace();
  const fields: LiveField[] = useWorkspaceQuery(api.customFields.list, {})?.filter((d) => !d.removed) ?? [];
  const storageKey = `tmt.columns.${list}.${workspaceId ?? ""}`;
  // Only live fields count: "-" (none picked) and a removed field's id are no column.
  const picked = (params.get("cols")?.split(",") ?? remembered(storageKey)).filter((id) => fields.some((d) => d._id === id));
  const field = fields.find((d) => d._id === params.get("field"));
  const order = params.get("order", ORDERS) ?? "asc";
  const text: FilterText = Object.fromEntries(FILTER_PARAMS.map((name) => [name, params.get(name)]));
  const parsed = field === undefined ? null : toFieldView(field, order, text);
  const filtered = field !== undefined && isFiltered(text);
  const view: FieldView | undefined = searching || parsed === null || "error" in parsed ? undefined : parsed.view;
  const shownIds = new Set([...picked, ...always.map((d) => d._id), ...(field ? [field._id] : [])]);
  const clearView = Object.fromEntries(["field", "order", ...FILTER_PARAMS].map((name) => [name, undefined]));

  const setPicked = (ids: string[]) => {
    try {
      localStorage.setItem(storageKey, ids.join(","));
    } catch {
      // Kept in the address only.
    }
    params.set({ cols: ids.length === 0 ? "-" : ids.join(",") });
  };

  return {
    fields,
    picked: new Set(picked),
    setPicked,
    /** The field the list is ordered by, its order and filter text; null when none. */
    active: field === undefined ? null : { field, order, text, filtered, error: parsed !== null && "error" in parsed ? parsed.error : null },
    view,
    /**
     * The list's columns with the shown fields' ones before its last `before` columns (and their
     * values under the first, the name, on a phone). Sorting by
     * another column waits while a field's filter holds: one index range serves one field.
     */
    columns: <C extends R>(own: Column<C>[], before = 0): Column<C>[] => {
      const shown = fields.filter((d) => shownIds.has(d._id));
      const custom = shown.map((d) => fieldColumn<C>(d, !searching));
      const sorted = filtered && !searching ? own.map((c) => ({ ...c, sort: undefined })) : own;
      const owned = sorted.map((c, i) => (i === 0 ? withFieldLines(c, shown) : c));
      return [...owned.slice(0, owned.length - before), ...custom, ...owned.slice(owned.length - before)];
    },
    /** The table's sort: the field's header while the list is ordered by it. */
    sort: (own: string) => (field !== undefined && !searching ? fieldSorts(field._id)[order] : own),
    /** A header clicked: a field's order into the URL, or the list's own sort (which ends the field's view). */
    onSort: (sort: string, setOwn: (sort: string) => void) => {
      const fieldSort = readFieldSort(sort);
      if (fieldSort === null) {
        params.set(clearView);
        setOwn(sort);
      } else params.set({ field: fieldSort.fieldId, order: fieldSort.order === "asc" ? undefined : "desc", sort: undefined });
    },
    setView: (fieldId: string, nextOrder: Order, filter: FilterText) =>
      params.set({ ...clearView, field: fieldId, order: nextOrder === "asc" ? undefined : "desc", sort: undefined, ...filter }),
    clearView: () => params.set(clearView),
    searching,
  };
}
