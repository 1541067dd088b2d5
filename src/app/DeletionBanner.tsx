import { useQuery } from "convex/react";
import { api } from "../../convex/_generated/api";
import { formatLongDate } from "../lib/format";
import { useCancelDeletion } from "../lib/useCancelDeletion";
import { Button } from "../ui";

/** On every page while the account is scheduled for deletion: when, and "Cancel deletion". */
export function DeletionBanner() {
  const status = useQuery(api.accountDeletion.status);
  const { busy, cancel } = useCancelDeletion();
  if (!status) return null;
  return (
    <div role="region" aria-label="Account deletion" className="bg-red-50 px-4 py-2 text-sm text-red-900 dark:bg-red-950 dark:text-red-100">
      <div className="mx-auto flex max-w-7xl flex-wrap items-center justify-center gap-x-4 gap-y-1">
        <p>
          {status.byAdmin ? "At your request, support has scheduled your account" : "Your account is scheduled"} for deletion on{" "}
          <strong>{formatLongDate(status.eraseAt)}</strong>.
        </p>
        <Button size="sm" variant="outline" loading={busy} loadingText="Cancelling..." onClick={cancel}>
          Cancel deletion
        </Button>
      </div>
    </div>
  );
}
