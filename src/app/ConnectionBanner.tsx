import { useEffect, useState } from "react";
import { useConnection } from "../lib/useConnection";
import { cn } from "../ui/cn";

// How long "Back online" stays up after the connection returns.
export const BACK_ONLINE_MS = 4000;

const CONNECTION_MESSAGES = {
  lost: "Connection lost. Trying to reconnect...",
  pending: "Pending changes will finish when you are back online.",
  back: "Back online.",
} as const;

/** A bar under the header while the backend is unreachable, and briefly once it is back. */
export function ConnectionBanner() {
  const { lost, pending } = useConnection();
  const [backOnline, setBackOnline] = useState(false);
  const [wasLost, setWasLost] = useState(lost);
  if (wasLost !== lost) {
    setWasLost(lost);
    setBackOnline(!lost);
  }

  useEffect(() => {
    if (!backOnline) return;
    const timer = setTimeout(() => setBackOnline(false), BACK_ONLINE_MS);
    return () => clearTimeout(timer);
  }, [backOnline]);

  return (
    // Always in the page, so screen readers announce the change of its text.
    <div role="status" aria-live="polite" className="sticky top-16 z-30">
      {(lost || backOnline) && (
        <p
          className={cn(
            "px-4 py-2 text-center text-sm font-medium",
            lost
              ? "bg-amber-100 text-amber-900 dark:bg-amber-950 dark:text-amber-100"
              : "bg-emerald-100 text-emerald-900 dark:bg-emerald-950 dark:text-emerald-100",
          )}
        >
          {lost ? CONNECTION_MESSAGES.lost : CONNECTION_MESSAGES.back}
          {lost && pending > 0 && <> {CONNECTION_MESSAGES.pending}</>}
        </p>
      )}
    </div>
  );
}
