import { STATUS_LABELS, type BugStatus } from "../../../convex/lib/bugReports/rules";
import { cn } from "../../ui";

const STYLES: Record<BugStatus, string> = {
  open: "bg-red-50 text-red-700 ring-red-200 dark:bg-red-950 dark:text-red-200 dark:ring-red-900",
  in_progress: "bg-amber-50 text-amber-800 ring-amber-200 dark:bg-amber-950 dark:text-amber-200 dark:ring-amber-900",
  resolved: "bg-emerald-50 text-emerald-700 ring-emerald-200 dark:bg-emerald-950 dark:text-emerald-200 dark:ring-emerald-900",
  wont_fix: "bg-slate-100 text-slate-700 ring-slate-200 dark:bg-slate-800 dark:text-slate-200 dark:ring-slate-700",
};

export function StatusBadge({ status }: { status: BugStatus }) {
  return (
    <span className={cn("inline-flex shrink-0 items-center rounded-full px-2 py-0.5 text-xs font-semibold ring-1 ring-inset", STYLES[status])}>
      {STATUS_LABELS[status]}
    </span>
  );
}
