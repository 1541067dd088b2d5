import { useState, type ReactNode } from "react";
import { toast } from "sonner";
import { Button } from "../ui";
import { itemsText, type Matching } from "./bulk";
import { errorMessage } from "./errors";
import { formatNumber } from "./format";
import type { Selection } from "./useSelection";

type Progress = { label: string; done: number; of: number };

/** Runs one long client-side job at a time (select all, a bulk action) with a progress figure. */
export function useBulkRun() {
  const [progress, setProgress] = useState<Progress | null>(null);
  const run = async (label: string, of: number, job: (report: (done: number) => void) => Promise<void>, fallback: string) => {
    setProgress({ label, done: 0, of });
    try {
      await job((done) => setProgress({ label, done, of }));
    } catch (error) {
      toast.error(errorMessage(error, fallback));
    } finally {
      setProgress(null);
    }
  };
  return { progress, busy: progress !== null, run };
}
export type BulkRun = ReturnType<typeof useBulkRun>;

type Props = {
  selection: Selection;
  /** Rows the filter matches (null: unknown, a search). */
  total: number | null;
  pageIds: readonly string[];
  bulk: BulkRun;
  /** Every id the filter matches (with what each row held when read), walked page by page. */
  matchingIds: (onProgress: (n: number) => void) => Promise<Matching>;
  noun?: string;
  children: ReactNode;
};

/**
 * The selection's count, "select all N matching", the actions, and a job's progress. Shown only
 * while something is selected (or a job runs): an empty, disabled bar only pushed the rows down.
 */
export function BulkBar({ selection, total, pageIds, bulk, matchingIds, noun = "item", children }: Props) {
  const shown = selection.count > 0 || bulk.progress !== null;
  const pageSelected = pageIds.length > 0 && pageIds.every((id) => selection.ids.has(id));
  const more = total === null || total > selection.count;
  const selectAll = () =>
    bulk.run(
      "Selecting",
      total ?? 0,
      async (report) => {
        const { ids, stamps } = await matchingIds(report);
        selection.replace(ids, stamps);
      },
      "Could not select every matching item",
    );
  return (
    // Without a selection only the (empty) live region stays, so the next count is announced.
    <div
      role={shown ? "region" : undefined}
      aria-label={shown ? "Selection" : undefined}
      // Kept in view at the bottom while the rows scroll (the right end clears the bug-report button).
      className={
        shown
          ? "sticky bottom-3 z-30 my-3 flex flex-wrap items-center gap-2 rounded-2xl border border-indigo-200 bg-indigo-50 py-2 pl-3 pr-16 text-sm shadow-lg sm:pr-20 dark:border-indigo-900 dark:bg-indigo-950"
          : "sr-only"
      }
    >
      <p aria-live="polite" className="font-semibold text-indigo-900 dark:text-indigo-100">
        {selection.count > 0 ? `${itemsText(selection.count, noun)} selected` : ""}
      </p>
      {pageSelected && more && (
        <Button variant="ghost" size="sm" onClick={() => void selectAll()} disabled={bulk.busy}>
          {total === null ? "Select all matching" : `Select all ${formatNumber(total)} matching`}
        </Button>
      )}
      {selection.count > 0 && (
        <Button variant="ghost" size="sm" onClick={selection.clear} disabled={bulk.busy}>
          Clear selection
        </Button>
      )}
      {shown && <div className="flex flex-wrap items-center gap-2 sm:ml-auto">{children}</div>}
      {bulk.progress && (
        <div className="flex w-full items-center gap-2" role="status">
          <progress className="h-2 flex-1 accent-indigo-600" max={Math.max(bulk.progress.of, 1)} value={bulk.progress.done} />
          <span className="tabular-nums">
            {bulk.progress.label} {formatNumber(bulk.progress.done)}
            {bulk.progress.of > 0 ? ` of ${formatNumber(bulk.progress.of)}` : ""}
          </span>
        </div>
      )}
    </div>
  );
}
