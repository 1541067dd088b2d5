import type { AssetStatus } from "../../../convex/lib/assets/tables";
import { cn } from "../../ui";
import { reportedStolenText, STATUS_WARNINGS } from "./verifyText";

/** The clear warning a lost or stolen item carries (a stolen one with the day it was reported); nothing for other statuses. */
export function StatusWarning({ status, reportedStolenAt }: { status: AssetStatus; reportedStolenAt?: number }) {
  const text = STATUS_WARNINGS[status];
  if (!text) return null;
  return (
    <div
      role="alert"
      data-testid="status-warning"
      className={cn(
        "flex gap-3 rounded-2xl border-2 p-4 text-sm font-medium sm:text-base",
        status === "stolen"
          ? "border-red-500 bg-red-50 text-red-900 dark:border-red-500 dark:bg-red-950/70 dark:text-red-100"
          : "border-amber-400 bg-amber-50 text-amber-950 dark:border-amber-500 dark:bg-amber-950/60 dark:text-amber-100",
      )}
    >
      <svg aria-hidden="true" viewBox="0 0 24 24" className="mt-0.5 h-5 w-5 shrink-0 fill-current">
        <path d="M12 2 1 21h22L12 2zm1 15h-2v2h2v-2zm0-8h-2v6h2V9z" />
      </svg>
      <div className="flex flex-col gap-1">
        <p>{text}</p>
        {status === "stolen" && reportedStolenAt !== undefined && <p data-testid="reported-stolen">{reportedStolenText(reportedStolenAt)}</p>}
      </div>
    </div>
  );
}
