import { STATUS_LABELS } from "../../../convex/lib/assets/rules";
import type { AssetStatus } from "../../../convex/lib/assets/tables";
import { cn } from "../../ui";
import { STATUS_STYLES } from "./assetFormat";

export function StatusBadge({ status, className }: { status: AssetStatus; className?: string }) {
  return (
    <span className={cn("inline-flex items-center rounded-full px-2.5 py-0.5 text-xs font-semibold", STATUS_STYLES[status], className)}>
      {STATUS_LABELS[status]}
    </span>
  );
}
