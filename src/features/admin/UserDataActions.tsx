import { useState } from "react";
import { useMutation, useQuery } from "convex/react";
import { toast } from "sonner";
import { api } from "../../../convex/_generated/api";
import type { AdminUserRow } from "../../../convex/lib/admin/rules";
import { DELETION_GRACE_DAYS } from "../../../convex/lib/privacy/rules";
import { formatDate } from "../../lib/format";
import { useSubmit } from "../../lib/useSubmit";
import { Button, ConfirmModal } from "../../ui";
import { userName } from "./UserRow";

/** For a user who asks by e-mail: a copy of their data, and their account's deletion. */
export function UserDataActions({ user, isSelf }: { user: AdminUserRow; isSelf: boolean }) {
  if (user.erased) return null;
  return (
    <div className="flex flex-wrap items-center gap-2">
      <ExportAction user={user} />
      <DeletionAction user={user} isSelf={isSelf} />
    </div>
  );
}

/** Builds the user's export (they are e-mailed when it is ready); the admin can download it to send on. */
function ExportAction({ user }: { user: AdminUserRow }) {
  const latest = useQuery(api.dataExport.adminStatus, { userId: user._id });
  const request = useMutation(api.dataExport.adminRequest);
  const { busy, run } = useSubmit({ fallback: "Failed to start the export", show: "toast" });
  const name = userName(user);
  if (latest?.status === "building") return <span className="text-xs text-slate-600 dark:text-slate-400">Exporting {latest.done}/{latest.total}…</span>;
  if (latest?.status === "ready" && latest.urls.length > 0) {
    return (
      <span className="flex flex-wrap gap-2">
        {latest.urls.map((url, i, all) => (
          <a key={url} className="text-xs font-medium text-blue-700 underline dark:text-blue-300" href={url} download aria-label={all.length > 1 ? `Part ${i + 1} of the data of ${name}` : `Download data of ${name}`}>
            {all.length > 1 ? `Part ${i + 1}` : "Download data"}
          </a>
        ))}
      </span>
    );
  }
  return (
    <Button size="sm" variant="outline" aria-label={`Export data of ${name}`} loading={busy} onClick={() => void run(async () => {
      await request({ userId: user._id });
      toast.success(`Export of ${name} started`);
    })}>
      Export data
    </Button>
  );
}

/**
 * After support has confirmed it is them: schedule the account's deletion, or cancel it.
 * They are e-mailed and may still cancel it themselves.
 */
function DeletionAction({ user, isSelf }: { user: AdminUserRow; isSelf: boolean }) {
  const status = useQuery(api.accountDeletion.adminStatus, isSelf ? "skip" : { userId: user._id });
  const schedule = useMutation(api.accountDeletion.adminSchedule);
  const cancel = useMutation(api.accountDeletion.adminCancel);
  const [confirming, setConfirming] = useState(false);
  const { busy, run } = useSubmit({ fallback: "Failed to change the deletion", show: "toast" });
  const name = userName(user);
  if (isSelf || status === undefined) return null;

  if (status !== null) {
    return (
      <div className="flex flex-wrap items-center gap-2 text-xs text-red-700 dark:text-red-300">
        <span>Deletion on {formatDate(status.eraseAt)}</span>
        <Button
          size="sm"
          variant="outline"
          aria-label={`Cancel deletion of ${name}`}
          loading={busy}
          onClick={() => void run(async () => {
            await cancel({ userId: user._id });
            toast.success(`Deletion of ${name} cancelled`);
          })}
        >
          Cancel deletion
        </Button>
      </div>
    );
  }
  return (
    <>
      <Button size="sm" variant="outline" aria-label={`Delete account of ${name}`} onClick={() => setConfirming(true)}>
        Delete account…
      </Button>
      <ConfirmModal
        open={confirming}
        onOpenChange={setConfirming}
        title={`Delete the account of ${name}?`}
        description={`Only for a user who asked by e-mail and whose identity you confirmed. They are e-mailed, and the account is erased after ${DELETION_GRACE_DAYS} days unless they (or an admin) cancel.`}
        confirmLabel="Schedule deletion"
        busy={busy}
        busyLabel="Scheduling..."
        onConfirm={() => void run(async () => {
          await schedule({ userId: user._id });
          setConfirming(false);
          toast.success(`Deletion of ${name} scheduled`);
        })}
      />
    </>
  );
}
