import { useEffect } from "react";
import { useBlocker } from "react-router";
import { ConfirmModal } from "../ui";

/**
 * While `dirty`, leaving asks first: a link or Back inside the app opens this confirmation,
 * a reload or a closed tab gets the browser's own. Needs a data router (src/app/App.tsx).
 */
export function UnsavedChangesGuard({ dirty, what = "your changes" }: { dirty: boolean; what?: string }) {
  const blocker = useBlocker(({ currentLocation, nextLocation }) => dirty && currentLocation.pathname !== nextLocation.pathname);
  useEffect(() => {
    if (!dirty) return;
    const warn = (e: BeforeUnloadEvent) => e.preventDefault();
    window.addEventListener("beforeunload", warn);
    return () => window.removeEventListener("beforeunload", warn);
  }, [dirty]);
  return (
    <ConfirmModal
      open={blocker.state === "blocked"}
      onOpenChange={(open) => !open && blocker.reset?.()}
      title="Leave without saving?"
      description={`You have unsaved changes to ${what}. If you leave now, they are lost.`}
      confirmLabel="Leave without saving"
      cancelLabel="Stay"
      onConfirm={() => blocker.proceed?.()}
    />
  );
}
