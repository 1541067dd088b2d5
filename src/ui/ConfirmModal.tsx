import type { ReactNode } from "react";
import { Button } from "./Button";
import { Modal } from "./Modal";

interface ConfirmModalProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  title: ReactNode;
  description: ReactNode;
  /** The danger button's words ("Delete asset"). */
  confirmLabel: string;
  cancelLabel?: string;
  onConfirm: () => void;
  /** While the confirmed work runs: the danger button spins and the dialog stays open. */
  busy?: boolean;
  busyLabel?: string;
  children?: ReactNode;
}

/** "Are you sure?" before something that cannot be undone: a way back and a red way on. */
export function ConfirmModal({ open, onOpenChange, title, description, confirmLabel, cancelLabel = "Cancel", onConfirm, busy = false, busyLabel, children }: ConfirmModalProps) {
  return (
    <Modal
      open={open}
      onOpenChange={(next) => !busy && onOpenChange(next)}
      title={title}
      description={description}
      size="sm"
      footer={
        <>
          <Button variant="outline" onClick={() => onOpenChange(false)} disabled={busy}>
            {cancelLabel}
          </Button>
          <Button variant="danger" onClick={onConfirm} loading={busy} loadingText={busyLabel}>
            {confirmLabel}
          </Button>
        </>
      }
    >
      {children}
    </Modal>
  );
}
