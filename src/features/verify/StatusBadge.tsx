import type { AssetStatus } from "../../../convex/lib/assets/tables";
import { STATUS_LABELS } from "../../../convex/lib/verify/rules";
import { cn } from "../../ui";

const TONES: Record<AssetStatus, string> = {
  active: "bg-emerald-100 text-emerald-800 dark:bg-emerald-900/60 dark:text-emerald-200",
  lost: "bg-amber-100 text-amber-900 dark:bg-amber-900/60 dark:text-amber-100",
  stolen: "bg-red-100 text-red-800 dark:bg-red-900/60 dark:text-red-100",
  transferred: "bg-slate-200 text-slate-800 dark:bg-slate-700 dark:text-slate-100",
};

export function StatusBadge({ status, className }: { status: AssetStatus; className?: string }) {
  return (
    <span
      data-testid="asset-status"
      className={cn("inline-flex items-center rounded-full px-3 py-1 text-sm font-semibold", TONES[status], className)}
    >
      {STATUS_LABELS[status]}
    </span>
  );
}
