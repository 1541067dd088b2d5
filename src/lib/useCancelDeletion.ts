import { useMutation } from "convex/react";
import { toast } from "sonner";
import { api } from "../../convex/_generated/api";
import { useSubmit } from "./useSubmit";

const DELETION_CANCELLED = "Deletion cancelled. Your account stays as it was.";

/** "Cancel deletion", from the banner on every page and from /settings. */
export function useCancelDeletion() {
  const cancel = useMutation(api.accountDeletion.cancel);
  const { busy, run } = useSubmit({ fallback: "Failed to cancel the deletion", show: "toast" });
  return {
    busy,
    cancel: async () => {
      if (await run(() => cancel({}))) toast.success(DELETION_CANCELLED);
    },
  };
}
