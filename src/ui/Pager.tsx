import { Button } from "./Button";

type Props = {
  page: number;
  /** Null when the total is unknown (a search). */
  pageCount: number | null;
  canPrevious: boolean;
  canNext: boolean;
  onFirst: () => void;
  onPrevious: () => void;
  onNext: () => void;
  /** "Showing 51–100 of 4,002": the caller formats numbers in the user's locale. */
  summary: string;
};

/** Page navigation under a list. */
export function Pager({ page, pageCount, canPrevious, canNext, onFirst, onPrevious, onNext, summary }: Props) {
  return (
    <nav aria-label="Pages" className="mt-4 flex flex-wrap items-center justify-between gap-3 text-sm text-slate-600 dark:text-slate-300">
      <p aria-live="polite">{summary}</p>
      <div className="flex items-center gap-2">
        <Button variant="outline" size="sm" onClick={onFirst} disabled={!canPrevious}>First</Button>
        <Button variant="outline" size="sm" onClick={onPrevious} disabled={!canPrevious}>Previous</Button>
        <span className="whitespace-nowrap px-1 tabular-nums" aria-current="page">
          Page {page}{pageCount !== null ? ` of ${pageCount}` : ""}
        </span>
        <Button variant="outline" size="sm" onClick={onNext} disabled={!canNext}>Next</Button>
      </div>
    </nav>
  );
}
