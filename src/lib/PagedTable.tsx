import type { ReactNode } from "react";
import { Button, Column, DataTable, Pager, Spinner } from "../ui";
import type { Matching } from "./bulk";
import { BulkBar, type BulkRun } from "./BulkBar";
import { formatNumber } from "./format";
import type { useCursorPages } from "./useCursorPages";
import type { Selection } from "./useSelection";
import { useSteadyRows } from "./useSteadyRows";

type Pages<R> = Omit<ReturnType<typeof useCursorPages>, "rows"> & { rows: R[] };

type Props<R> = {
  caption: string;
  columns: Column<R>[];
  pages: Pages<R>;
  pageSize: number;
  /** Exact count of rows the filter matches; null when unknown (a search ranks, it does not count). */
  total: number | null | undefined;
  noun: string;
  rowId: (row: R) => string;
  rowLabel: (row: R) => string;
  sort: string;
  onSort: (sort: string) => void;
  selection: Selection;
  bulk: BulkRun;
  matchingIds: (onProgress: (n: number) => void) => Promise<Matching>;
  actions: ReactNode;
  empty: ReactNode;
  /** Another rendering of the page's rows (cards); the selection bar and checkboxes are the table's. */
  view?: (rows: R[]) => ReactNode;
};

/** "Showing 51–100 of 4,002 items". */
function summary(page: number, size: number, shown: number, total: number | null | undefined, noun: string) {
  if (shown === 0) return "";
  const from = (page - 1) * size + 1;
  const range = `${formatNumber(from)}–${formatNumber(from + shown - 1)}`;
  return total === null || total === undefined ? `Showing ${range}` : `Showing ${range} of ${formatNumber(total)} ${noun}${total === 1 ? "" : "s"}`;
}

/** "240 new items": rows added since the page was shown, which it does not take in unasked. */
function AddedNotice({ added, noun, onShow }: { added: number; noun: string; onShow: () => void }) {
  return (
    <div role="status" className="mb-3 flex flex-wrap items-center justify-between gap-2 rounded-xl bg-indigo-50 px-3 py-2 text-sm text-indigo-900 dark:bg-indigo-950 dark:text-indigo-100">
      <span>{formatNumber(added)} new {noun}{added === 1 ? "" : "s"}</span>
      <Button variant="outline" size="sm" onClick={onShow}>Show</Button>
    </div>
  );
}

/** A list page's body: selection bar with bulk actions, the sortable table (or another view), pages. */
export function PagedTable<R>(props: Props<R>) {
  const { pages, pageSize, total, selection, view } = props;
  const steady = useSteadyRows(pages.rows, { key: pages.rowsKey, total: total ?? null, rowId: props.rowId, pageSize });
  const rows = steady.rows;
  const pageIds = rows.map(props.rowId);
  if (pages.loading) return <div className="flex justify-center py-16"><Spinner label={`Loading ${props.noun}s...`} /></div>;
  if (rows.length === 0 && pages.page === 1 && steady.added === 0) return <>{props.empty}</>;
  return (
    <div>
      {steady.added > 0 && <AddedNotice added={steady.added} noun={props.noun} onShow={() => (pages.page === 1 ? steady.show() : pages.first())} />}
      {view?.(rows) ?? (
        <DataTable
          caption={props.caption}
          columns={props.columns}
          rows={rows}
          rowId={props.rowId}
          rowLabel={props.rowLabel}
          sort={props.sort}
          onSort={props.onSort}
          selected={selection.ids}
          onToggleRow={(id, shift) => selection.toggle(id, shift, pageIds)}
          onTogglePage={(checked) => selection.setPage(pageIds, checked)}
        />
      )}
      {/* After the rows, sticky at the bottom: appearing with the first selection, it moves no row. */}
      {view === undefined && (
        <BulkBar selection={selection} total={total ?? null} pageIds={pageIds} bulk={props.bulk} matchingIds={props.matchingIds} noun={props.noun}>
          {props.actions}
        </BulkBar>
      )}
      <Pager
        page={pages.page}
        pageCount={total === null || total === undefined ? null : Math.max(1, Math.ceil(total / pageSize))}
        canPrevious={pages.canPrevious}
        canNext={pages.canNext}
        onFirst={pages.first}
        onPrevious={pages.previous}
        onNext={pages.next}
        summary={summary(pages.page, pageSize, rows.length, total, props.noun)}
      />
    </div>
  );
}
