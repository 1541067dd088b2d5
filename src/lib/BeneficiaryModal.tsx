// Choosing who receives a will asset, from the owner's next-of-kin contacts. The one
// editor of the one beneficiary list: /nok and the asset page both open it.
import { useMutation } from "convex/react";
import { useState } from "react";
import { toast } from "sonner";
import { api } from "../../convex/_generated/api";
import type { Id } from "../../convex/_generated/dataModel";
import { beneficiariesError, type BeneficiaryView, type ContactView } from "../../convex/lib/legacy/nokRules";
import { Button, Input, Modal } from "../ui";
import { useSubmit } from "./useSubmit";

type Row = { on: boolean; share: string; instructions: string };

type WillAsset = { _id: Id<"assets">; name: string; beneficiaries: BeneficiaryView[] };

export function BeneficiaryModal({ asset, contacts, onClose }: { asset: WillAsset; contacts: ContactView[]; onClose: () => void }) {
  const save = useMutation(api.nextOfKin.setBeneficiaries);
  const [rows, setRows] = useState<Record<string, Row>>(() =>
    Object.fromEntries(
      contacts.map((c) => {
        const b = asset.beneficiaries.find((x) => x.contactId === c._id);
        return [c._id, { on: b !== undefined, share: b?.share?.toString() ?? "", instructions: b?.instructions ?? "" }];
      }),
    ),
  );
  const { busy, error, setError, run } = useSubmit({ fallback: "Could not save the beneficiaries" });
  const update = (id: string, patch: Partial<Row>) => setRows({ ...rows, [id]: { ...rows[id], ...patch } });

  const submit = async () => {
    const chosen = contacts
      .filter((c) => rows[c._id].on)
      .map((c) => ({
        contactId: c._id as Id<"nokContacts">,
        share: rows[c._id].share.trim() === "" ? undefined : Number(rows[c._id].share),
        instructions: rows[c._id].instructions.trim() || undefined,
      }));
    const problem = chosen.length === 0 ? null : beneficiariesError(chosen);
    if (problem !== null) return setError(problem);
    await run(async () => {
      await save({ assetId: asset._id, beneficiaries: chosen });
      toast.success("Beneficiaries saved");
      onClose();
    });
  };

  return (
    <Modal
      open
      onOpenChange={(open) => !open && onClose()}
      title={`Beneficiaries of ${asset.name}`}
      description="Choose who receives this asset, with a share (in %) or instructions for each."
      size="lg"
      footer={
        <>
          <Button variant="outline" onClick={onClose}>Cancel</Button>
          <Button onClick={() => void submit()} loading={busy} loadingText="Saving...">Save</Button>
        </>
      }
    >
      <div className="flex flex-col gap-4">
        {contacts.map((c) => (
          <fieldset key={c._id} className="rounded-xl border border-slate-200 p-3 dark:border-slate-800">
            <label className="flex items-center gap-2 font-medium">
              <input type="checkbox" checked={rows[c._id].on} onChange={(e) => update(c._id, { on: e.target.checked })} className="h-4 w-4" />
              {c.name} <span className="font-normal text-slate-500">· {c.relationship}</span>
            </label>
            {rows[c._id].on && (
              <div className="mt-3 grid gap-3 sm:grid-cols-[8rem_1fr]">
                <Input label="Share %" inputMode="numeric" value={rows[c._id].share} onChange={(e) => update(c._id, { share: e.target.value })} />
                <Input label="Instructions" value={rows[c._id].instructions} onChange={(e) => update(c._id, { instructions: e.target.value })} placeholder="Optional" />
              </div>
            )}
          </fieldset>
        ))}
        {error && <p role="alert" className="text-sm text-red-600 dark:text-red-400">{error}</p>}
      </div>
    </Modal>
  );
}
