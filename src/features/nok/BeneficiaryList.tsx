import { useState } from "react";
import { Link } from "react-router";
import type { ContactView, WillAssetView } from "../../../convex/lib/legacy/nokRules";
import { Button } from "../../ui";
import { BeneficiaryModal } from "../../lib/BeneficiaryModal";

export function BeneficiaryList({ assets, contacts }: { assets: WillAssetView[]; contacts: ContactView[] }) {
  const [editing, setEditing] = useState<WillAssetView | null>(null);
  if (assets.length === 0) {
    return (
      <p className="text-sm text-slate-600 dark:text-slate-400">
        No will assets yet. <Link to="/tag" className="font-medium text-indigo-600 hover:underline dark:text-indigo-400">Tag an asset</Link> of kind
        “My Will” to pass it on.
      </p>
    );
  }
  return (
    <>
      <ul className="divide-y divide-slate-200 dark:divide-slate-800">
        {assets.map((a) => (
          <li key={a._id} className="flex flex-col gap-2 py-3 sm:flex-row sm:items-center sm:justify-between">
            <div className="min-w-0">
              <p className="font-medium text-slate-900 dark:text-white">{a.name}</p>
              <p className="font-mono text-xs text-slate-500">{a.serial}</p>
              <p className="text-sm text-slate-600 dark:text-slate-400">
                {a.beneficiaries.length === 0
                  ? "No beneficiary yet"
                  : a.beneficiaries.map((b) => `${b.contactName}${b.share !== null ? ` (${b.share}%)` : ""}`).join(", ")}
              </p>
            </div>
            <Button size="sm" variant="outline" disabled={contacts.length === 0} onClick={() => setEditing(a)} aria-label={`Choose beneficiaries of ${a.name}`}>
              Choose beneficiaries
            </Button>
          </li>
        ))}
      </ul>
      {editing && <BeneficiaryModal asset={editing} contacts={contacts} onClose={() => setEditing(null)} />}
    </>
  );
}
