import { STATUS_LABELS, STATUS_TONES } from "../../convex/lib/assets/rules";
import type { AssetStatus } from "../../convex/lib/assets/tables";
import { Badge } from "../ui";

/** An asset's status as the owner's pages, the verify page and public cards all show it. */
export function AssetStatusBadge({ status, size, className }: { status: AssetStatus; size?: "sm" | "md"; className?: string }) {
  return (
    <Badge tone={STATUS_TONES[status]} size={size} className={className} data-testid="asset-status">
      {STATUS_LABELS[status]}
    </Badge>
  );
}
