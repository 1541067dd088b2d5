import { useState } from "react";
import { Button, Modal } from "../../ui";

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
    <Modal
      open
      onOpenChange={(open) => !open && !deleting && onClose()}
      title="Delete Article"
      description={DELETE_CONFIRMATION}
      size="sm"
      footer={
        <>
          <Button variant="outline" onClick={onClose} disabled={deleting}>
            Cancel
          </Button>
          <Button variant="danger" onClick={() => void confirm()} loading={deleting} loadingText="Deleting...">
            Delete
          </Button>
        </>
      }
    >
      <p className="text-sm font-medium break-words text-slate-800 dark:text-slate-100">{title}</p>
    </Modal>
  );
}
