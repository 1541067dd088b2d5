import { useQuery } from "convex/react";
import { useState } from "react";
import { Link } from "react-router";
import { api } from "../../../convex/_generated/api";
import type { AssetDetail } from "../../../convex/lib/assets/read";
import { Button } from "../../ui";
import { BeneficiaryModal } from "../../lib/BeneficiaryModal";

const linkClass = "font-medium text-indigo-600 hover:underline dark:text-indigo-400";

/** A will asset's beneficiaries: the same list /nok shows and edits. */
export function WillBeneficiaries({ asset }: { asset: AssetDetail }) {
  const beneficiaries = useQuery(api.nextOfKin.assetBeneficiaries, { assetId: asset._id });
  const contacts = useQuery(api.nextOfKin.list, {});
  const [editing, setEditing] = useState(false);
  if (beneficiaries === undefined || contacts === undefined) return <p className="text-sm text-slate-500">Loading beneficiaries...</p>;
  return (
    <div className="flex flex-col gap-3">
      {beneficiaries.length === 0 ? (
        <p className="text-sm text-slate-600 dark:text-slate-400">No beneficiary yet.</p>
      ) : (
        <ul className="flex flex-col gap-1 text-sm text-slate-900 dark:text-slate-100" aria-label="Beneficiaries">
          {beneficiaries.map((b) => (
            <li key={b.contactId}>
              {b.contactName}
              {b.share !== null && ` · ${b.share}%`}
              {b.instructions && <span className="block whitespace-pre-wrap text-slate-600 dark:text-slate-400">{b.instructions}</span>}
            </li>
          ))}
        </ul>
      )}
      {contacts.length === 0 ? (
        <p className="text-sm text-slate-600 dark:text-slate-400">
          Beneficiaries are chosen from your next of kin. <Link to="/nok" className={linkClass}>Add a contact</Link> first.
        </p>
      ) : (
        <div className="flex flex-wrap items-center gap-3">
          <Button size="sm" variant="outline" onClick={() => setEditing(true)}>Choose beneficiaries</Button>
          <Link to="/nok" className={`text-sm ${linkClass}`}>Next of kin and release plan</Link>
        </div>
      )}
      {editing && (
        <BeneficiaryModal asset={{ _id: asset._id, name: asset.name, beneficiaries }} contacts={contacts} onClose={() => setEditing(false)} />
      )}
    </div>
  );
}
