import { useState } from "react";
import { useQuery } from "convex/react";
import { Link } from "react-router";
import { api } from "../../../convex/_generated/api";
import { DELETION_GRACE_DAYS } from "../../../convex/lib/privacy/rules";
import { formatLongDate, formatNumber } from "../../lib/format";
import { useCancelDeletion } from "../../lib/useCancelDeletion";
import { Button, Card, Modal, Spinner } from "../../ui";
import { DeleteAccountForm } from "./DeleteAccountForm";
import { DeletionTerms } from "./DeletionTerms";

/** /settings#delete-account: schedule the account's deletion, or cancel one that is scheduled. */
export function DeleteAccountCard() {
  const status = useQuery(api.accountDeletion.status);
  const [open, setOpen] = useState(false);
  const cancelling = useCancelDeletion();

  return (
    <Card
      id="delete-account"
      title="Delete account"
      description={`Your personal data is erased ${DELETION_GRACE_DAYS} days after you confirm; until then you can cancel.`}
    >
      {status === undefined ? (
        <Spinner label="Loading..." />
      ) : status !== null ? (
        <div className="space-y-3">
          <p className="text-sm text-slate-700 dark:text-slate-300">
            Your account will be deleted on <strong>{formatLongDate(status.eraseAt)}</strong>.
          </p>
          <Button variant="outline" loading={cancelling.busy} loadingText="Cancelling..." onClick={cancelling.cancel}>Cancel deletion</Button>
        </div>
      ) : (
        <Button variant="danger" onClick={() => setOpen(true)}>Delete my account…</Button>
      )}
      <Modal open={open} onOpenChange={setOpen} title="Delete your account?" size="lg" description={`Deletion happens ${DELETION_GRACE_DAYS} days after you confirm. Until then every page shows it, with "Cancel deletion".`}>
        {open && <DeletionPlan onDone={() => setOpen(false)} />}
      </Modal>
    </Card>
  );
}

function DeletionPlan({ onDone }: { onDone: () => void }) {
  const plan = useQuery(api.accountDeletion.plan);
  if (plan === undefined) return <Spinner label="Loading..." />;
  return (
    <div className="space-y-5">
      {plan.soleWorkspaces.length > 0 && (
        <section aria-labelledby="sole-workspaces" className="space-y-2 text-sm">
          <h3 id="sole-workspaces" className="font-semibold text-slate-900 dark:text-white">Workspaces erased with your account</h3>
          <p className="text-slate-700 dark:text-slate-300">Only you belong to these. Transfer or move the items you want to keep first.</p>
          <ul className="space-y-1">
            {plan.soleWorkspaces.map((w) => (
              <li key={w._id} className="flex flex-wrap items-center justify-between gap-2">
                <span>{w.name}: {formatNumber(w.items)} {w.items === 1 ? "item" : "items"}</span>
                {w.items > 0 && <Link className="font-medium text-blue-700 underline dark:text-blue-300" to={`/assets?w=${w._id}`}>Review its items</Link>}
              </li>
            ))}
          </ul>
        </section>
      )}
      {plan.sharedWorkspaces > 0 && (
        <p className="text-sm text-slate-700 dark:text-slate-300">
          You leave {formatNumber(plan.sharedWorkspaces)} shared {plan.sharedWorkspaces === 1 ? "workspace" : "workspaces"}; their records stay, shown as by a former member.
        </p>
      )}
      <DeletionTerms />
      <DeleteAccountForm confirmWith={plan.confirmWith} onDone={onDone} />
    </div>
  );
}
