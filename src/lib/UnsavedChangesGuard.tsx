import { useEffect } from "react";
import { ConfirmModal } from "../ui";
import { useHeldNavigation } from "./navigationGuard";

/**
 * While `dirty`, leaving asks first: a link or Back inside the app opens this confirmation,
 * a reload or a closed tab gets the browser's own. Needs the app's router (GuardedRouter).
 */
export function UnsavedChangesGuard({ dirty, what = "your changes" }: { dirty: boolean; what?: string }) {
  const held = useHeldNavigation(dirty);
  useEffect(() => {
    if (!dirty) return;
    const warn = (e: BeforeUnloadEvent) => e.preventDefault();
    window.addEventListener("beforeunload", warn);
    return () => window.removeEventListener("beforeunload", warn);
  }, [dirty]);
  return (
    <ConfirmModal
      open={held !== null}
      onOpenChange={(open) => !open && held?.reset()}
      title="Leave without saving?"
      description={`You have unsaved changes to ${what}. If you leave now, they are lost.`}
      confirmLabel="Leave without saving"
      cancelLabel="Stay"
      onConfirm={() => held?.proceed()}
    />
  );
}
