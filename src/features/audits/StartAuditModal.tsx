import { useState, type FormEvent } from "react";
import { useNavigate } from "react-router";
import { toast } from "sonner";
import { api } from "../../../convex/_generated/api";
import type { Id } from "../../../convex/_generated/dataModel";
import { ASSET_LIMITS } from "../../../convex/lib/assets/fields";
import { checkAuditCategory, YEARLY_CHECK } from "../../../convex/lib/audits/rules";
import { Button, Form, Input, Modal, RadioCards } from "../../ui";
import { LocationPicker } from "../../lib/custody/LocationPicker";
import { useSubmit } from "../../lib/useSubmit";
import { useWorkspaceMutation } from "../../lib/useWorkspace";

type ScopeKind = "workspace" | "location" | "category";

/** The start dialog: what to audit (everything, a location with its inner places, or a category). */
export function StartAuditModal({ open, onOpenChange, personal, locationId = "" }: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  personal: boolean;
  /** A location to audit, chosen already (its page's "Audit this location"). */
  locationId?: string;
}) {
  const start = useWorkspaceMutation(api.audits.start);
  const navigate = useNavigate();
  const [kind, setKind] = useState<ScopeKind>(locationId === "" ? "workspace" : "location");
  const [location, setLocation] = useState<Id<"locations"> | "">(locationId as Id<"locations"> | "");
  const [category, setCategory] = useState("");
  const { busy, error, setError, run } = useSubmit({ fallback: "Could not start the audit." });

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (kind === "location" && location === "") return setError("Choose the location to audit");
    if (kind === "category") {
      const checked = checkAuditCategory(category);
      if (!checked.ok) return setError(checked.message);
    }
    await run(async () => {
      const scope = kind === "location" ? { kind, locationId: location as Id<"locations"> } : kind === "category" ? { kind, category } : { kind };
      const auditId = await start({ scope });
      toast.success("Audit started");
      onOpenChange(false);
      navigate(`/audits/${auditId}`);
    });
  }

  const options = [
    { value: "workspace" as const, label: personal ? YEARLY_CHECK : "Everything", description: personal ? "Check that everything you own is still there." : "Every item of this workspace." },
    { value: "location" as const, label: "A location", description: "Its items, and those in the places inside it." },
    { value: "category" as const, label: "A category", description: "Every item of one category." },
  ];
  return (
    <Modal open={open} onOpenChange={onOpenChange} title="Start an audit" description="The list of items expected is fixed when the audit starts. Anyone who may edit can scan along.">
      <Form onSubmit={submit} className="flex flex-col gap-4">
        <RadioCards label="What to audit" value={kind} options={options} onChange={(next) => { setKind(next); setError(null); }} />
        {kind === "location" && <LocationPicker label="Location to audit" value={location} onChange={setLocation} />}
        {kind === "category" && (
          <Input label="Category" required maxLength={ASSET_LIMITS.category} placeholder="Tools" value={category} onChange={(e) => setCategory(e.target.value)} />
        )}
        {error !== null && <p role="alert" className="text-sm text-red-700 dark:text-red-300">{error}</p>}
        <div className="flex justify-end gap-2">
          <Button variant="outline" type="button" onClick={() => onOpenChange(false)}>Cancel</Button>
          <Button type="submit" loading={busy} loadingText="Starting...">Start audit</Button>
        </div>
      </Form>
    </Modal>
  );
}
