import { useEffect, useRef } from "react";
import { toast } from "sonner";

/** Toasts reports that arrive after the list first loaded (moderators watching the feed). */
export function useNewReportToast(
  items: readonly { _id: string; _creationTime: number; description: string; reporter: { name: string | null } }[],
  loaded: boolean,
  enabled: boolean,
) {
  const newest = useRef<number | null>(null);
  useEffect(() => {
    if (!loaded) return;
    const top = items.reduce((max, r) => Math.max(max, r._creationTime), 0);
    if (newest.current === null) {
      newest.current = top;
      return;
    }
    const fresh = items.filter((r) => r._creationTime > newest.current!);
    newest.current = Math.max(newest.current, top);
    if (!enabled) return;
    for (const report of fresh) {
      toast(`New bug report from ${report.reporter.name ?? "a user"}`, { id: `bug-${report._id}`, description: report.description });
    }
  }, [items, loaded, enabled]);
}
