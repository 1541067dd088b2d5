import { useState } from "react";
import { ConfirmModal } from "../../ui";

const DELETE_CONFIRMATION = "Are you sure you want to delete this article? This action cannot be undone.";

interface DeleteArticleDialogProps {
  title: string;
  onConfirm: () => Promise<boolean>;
  onClose: () => void;
}

export function DeleteArticleDialog({ title, onConfirm, onClose }: DeleteArticleDialogProps) {
  const [deleting, setDeleting] = useState(false);
  const confirm = async () => {
    setDeleting(true);
    const done = await onConfirm();
    setDeleting(false);
    if (done) onClose();
  };
  return (
    <ConfirmModal
      open
      onOpenChange={(open) => !open && onClose()}
      title="Delete Article"
      description={DELETE_CONFIRMATION}
      confirmLabel="Delete"
      onConfirm={() => void confirm()}
      busy={deleting}
      busyLabel="Deleting..."
    >
      <p className="text-sm font-medium break-words text-slate-800 dark:text-slate-100">{title}</p>
    </ConfirmModal>
  );
}
