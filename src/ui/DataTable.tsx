import { useEffect, useRef, type MouseEvent, type ReactNode } from "react";
import { cn } from "./cn";

/** One column: `sort` names the two orders a header click moves between (first = the default direction). */
export type Column<R> = {
  key: string;
  header: string;
  cell: (row: R) => ReactNode;
  sort?: { asc: string; desc: string; first?: "asc" | "desc" };
  className?: string;
  /** Left out on narrow screens (the row keeps its name, status and the rest). */
  wideOnly?: boolean;
};

type Props<R> = {
  caption: string;
  columns: Column<R>[];
  rows: R[];
  rowId: (row: R) => string;
  /** What a screen reader hears for the row's checkbox: "Select {label}". */
  rowLabel: (row: R) => string;
  sort: string;
  onSort: (sort: string) => void;
  /** Without these the table has no checkbox column. */
  selected?: ReadonlySet<string>;
  onToggleRow?: (id: string, shiftKey: boolean) => void;
  onTogglePage?: (checked: boolean) => void;
};

const CHECKBOX = "h-4 w-4 cursor-pointer accent-indigo-600";
const WIDE_ONLY = "hidden md:table-cell";

function PageCheckbox({ checked, mixed, onChange }: { checked: boolean; mixed: boolean; onChange: (checked: boolean) => void }) {
  const ref = useRef<HTMLInputElement>(null);
  useEffect(() => {
    if (ref.current) ref.current.indeterminate = mixed;
  }, [mixed]);
  return (
    <input ref={ref} type="checkbox" aria-label="Select every row on this page" className={CHECKBOX} checked={checked} onChange={(e) => onChange(e.target.checked)} />
  );
}

function SortHeader<R>({ column, sort, onSort }: { column: Column<R>; sort: string; onSort: (s: string) => void }) {
  const order = column.sort!;
  const direction = sort === order.asc ? "ascending" : sort === order.desc ? "descending" : "none";
  const next = direction === "ascending" ? order.desc : direction === "descending" ? order.asc : order[order.first ?? "asc"];
  return (
    <th scope="col" aria-sort={direction} className={cn("px-2 py-2 sm:px-3 text-left", column.className, column.wideOnly && WIDE_ONLY)}>
      <button
        type="button"
        onClick={() => onSort(next)}
        className="inline-flex items-center gap-1 rounded font-semibold hover:text-indigo-700 focus-visible:outline-2 focus-visible:outline-indigo-500 dark:hover:text-indigo-300"
      >
        {column.header}
        <span aria-hidden="true" className="text-xs">{direction === "ascending" ? "▲" : direction === "descending" ? "▼" : "↕"}</span>
        <span className="sr-only">, sort {next === order.asc ? "ascending" : "descending"}</span>
      </button>
    </th>
  );
}

/** A sortable table with optional row selection (click, shift-click for a range, the page at once). */
export function DataTable<R>({ caption, columns, rows, rowId, rowLabel, sort, onSort, selected, onToggleRow, onTogglePage }: Props<R>) {
  const selectable = selected !== undefined && onToggleRow !== undefined && onTogglePage !== undefined;
  const onPage = rows.filter((r) => selected?.has(rowId(r))).length;
  return (
    // `relative`: the headers' screen-reader text is absolutely placed and must scroll with the table.
    <div className="relative overflow-x-auto rounded-2xl border border-slate-200 bg-white dark:border-slate-800 dark:bg-slate-900">
      <table className="w-full border-collapse text-sm md:min-w-[40rem]">
        <caption className="sr-only">{caption}</caption>
        <thead className="border-b border-slate-200 bg-slate-50 text-slate-600 dark:border-slate-800 dark:bg-slate-800/60 dark:text-slate-300">
          <tr>
            {selectable && (
              <th scope="col" className="w-10 px-2 py-2 sm:px-3">
                <PageCheckbox checked={rows.length > 0 && onPage === rows.length} mixed={onPage > 0 && onPage < rows.length} onChange={onTogglePage} />
              </th>
            )}
            {columns.map((c) =>
              c.sort ? (
                <SortHeader key={c.key} column={c} sort={sort} onSort={onSort} />
              ) : (
                <th key={c.key} scope="col" className={cn("px-2 py-2 sm:px-3 text-left font-semibold", c.className, c.wideOnly && WIDE_ONLY)}>{c.header}</th>
              ),
            )}
          </tr>
        </thead>
        <tbody className="divide-y divide-slate-100 dark:divide-slate-800">
          {rows.map((row) => {
            const id = rowId(row);
            const isSelected = selected?.has(id) ?? false;
            return (
              <tr key={id} className={cn("text-slate-800 dark:text-slate-100", isSelected && "bg-indigo-50 dark:bg-indigo-950/40")}>
                {selectable && (
                  <td className="px-2 py-2 sm:px-3">
                    <input
                      type="checkbox"
                      aria-label={`Select ${rowLabel(row)}`}
                      className={CHECKBOX}
                      checked={isSelected}
                      // onClick carries shiftKey; onChange keeps React's controlled input quiet.
                      onClick={(e: MouseEvent<HTMLInputElement>) => onToggleRow(id, e.shiftKey)}
                      onChange={() => {}}
                    />
                  </td>
                )}
                {columns.map((c) => (
                  <td key={c.key} className={cn("px-2 py-2 sm:px-3 align-middle", c.className, c.wideOnly && WIDE_ONLY)}>{c.cell(row)}</td>
                ))}
              </tr>
            );
          })}
        </tbody>
      </table>
    </div>
  );
}
