import { useId } from "react";
import { cn } from "../../ui";

interface PublishControlsProps {
  isPublished: boolean;
  onPublishedChange: (value: boolean) => void;
  /** A `datetime-local` value, or "" for none. */
  publishAt: string;
  onPublishAtChange: (value: string) => void;
}

/** The published toggle with its two explaining sentences; a draft may also get a time to go live by itself. */
export function PublishControls({ isPublished, onPublishedChange, publishAt, onPublishAtChange }: PublishControlsProps) {
  const labelId = useId();
  const textId = useId();
  const timeId = useId();
  return (
    <div className="grid gap-4 rounded-xl border border-slate-200 p-4 dark:border-slate-800">
      <div className="flex items-center gap-3">
        <button
          type="button"
          role="switch"
          aria-checked={isPublished}
          aria-labelledby={labelId}
          aria-describedby={textId}
          onClick={() => onPublishedChange(!isPublished)}
          className={cn(
            "relative inline-flex h-6 w-11 shrink-0 items-center rounded-full transition-colors focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-indigo-500",
            isPublished ? "bg-indigo-600 dark:bg-indigo-500" : "bg-slate-300 dark:bg-slate-600",
          )}
        >
          <span className={cn("inline-block h-5 w-5 rounded-full bg-white shadow transition-transform", isPublished ? "translate-x-5" : "translate-x-0.5")} />
        </button>
        <div>
          <p id={labelId} className="text-sm font-medium text-slate-800 dark:text-slate-100">
            Published
          </p>
          <p id={textId} className="text-sm text-slate-600 dark:text-slate-400">
            {isPublished ? "This article will be visible to all users" : "This article will be saved as a draft"}
          </p>
        </div>
      </div>
      {!isPublished && (
        <div className="flex flex-col gap-1.5">
          <label htmlFor={timeId} className="text-sm font-medium text-slate-700 dark:text-slate-200">
            Publish automatically at (optional)
          </label>
          <input
            id={timeId}
            type="datetime-local"
            value={publishAt}
            onChange={(e) => onPublishAtChange(e.target.value)}
            className="h-11 w-full max-w-xs rounded-lg border border-slate-300 bg-white px-3 text-base text-slate-900 shadow-sm focus:border-indigo-500 focus:outline-none focus:ring-2 focus:ring-indigo-500/30 sm:text-sm dark:border-slate-700 dark:bg-slate-900 dark:text-slate-100 dark:[color-scheme:dark]"
          />
          <p className="text-xs text-slate-500 dark:text-slate-400">Leave empty to keep it a draft until you publish it.</p>
        </div>
      )}
    </div>
  );
}
