import { useState } from "react";

type Steady<R> = { key: string; rows: R[]; total: number | null };

/**
 * A page that holds still while items are added: once the list's exact total grows, the
 * page keeps the rows it showed (each with its live values) and says how many are new,
 * until `show` takes the live page. Without additions (or with no row shown) the live rows show
 * at once (edits, deletions, bulk changes), never more than a page of them.
 */
export function useSteadyRows<R>(rows: R[], { key, total, rowId, pageSize }: { key: string | null; total: number | null; rowId: (row: R) => string; pageSize: number }) {
  const [steady, setSteady] = useState<Steady<R> | null>(null);
  const live = rows.slice(0, pageSize);
  const added = key !== null && steady?.key === key && steady.total !== null && total !== null ? total - steady.total : 0;
  // A page that showed no row has none to hold still (an empty register's first import): its
  // new rows come in as they are added, rather than behind "N new items" over an empty table.
  const holding = added > 0 && steady !== null && steady.rows.length > 0;
  if (key !== null && !holding && (steady?.key !== key || steady.rows !== rows || steady.total !== total)) {
    setSteady({ key, rows, total });
  }
  const show = () => setSteady(key === null ? null : { key, rows, total });
  if (!holding) return { rows: live, added: 0, show };
  const current = new Map(rows.map((r) => [rowId(r), r]));
  return { rows: steady.rows.slice(0, pageSize).map((r) => current.get(rowId(r)) ?? r), added, show };
}
