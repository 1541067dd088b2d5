// Logging work done on an item: when, what, what it cost, the counter then, the plan it
// answers (which then starts over) and the item's files that document it (the invoice).
import { useState, type FormEvent } from "react";
import { toast } from "sonner";
import { api } from "../../../../convex/_generated/api";
import type { Id } from "../../../../convex/_generated/dataModel";
import type { AssetDetail } from "../../../../convex/lib/assets/read";
import { FILE_KIND_LABELS } from "../../../../convex/lib/assets/fileRules";
import { parseMoney } from "../../../../convex/lib/money/currency";
import { COST_LABEL, dayOf, UPKEEP_LIMITS } from "../../../../convex/lib/upkeep/rules";
import type { PlanView } from "../../../../convex/lib/upkeep/tables";
import { Button, Form, Input, Select } from "../../../ui";
import { useSubmit } from "../../../lib/useSubmit";
import { MoneyInput } from "../../../lib/MoneyInput";
import { useWorkspaceCurrency, useWorkspaceMutation } from "../../../lib/useWorkspace";

export function LogForm({ asset, plans, onDone }: { asset: AssetDetail; plans: PlanView[]; onDone: () => void }) {
  const logWork = useWorkspaceMutation(api.maintenance.logWork);
  const currency = useWorkspaceCurrency();
  const [today] = useState(() => dayOf(Date.now()));
  const [doneOn, setDoneOn] = useState(today);
  const [what, setWhat] = useState("");
  const [cost, setCost] = useState("");
  const [reading, setReading] = useState("");
  const [planId, setPlanId] = useState("");
  const [files, setFiles] = useState<Id<"_storage">[]>([]);
  const { busy, error, setError, run } = useSubmit({ fallback: "Could not log the work." });
  const counter = plans.find((p) => p._id === planId)?.schedule.by === "counter";

  async function submit(event: FormEvent) {
    event.preventDefault();
    const parsed = parseMoney(COST_LABEL, cost, currency);
    if ("error" in parsed) return setError(parsed.error);
    const costValue = parsed.value;
    const readingValue = reading.trim() === "" ? undefined : /^\d{1,10}$/.test(reading.trim()) ? Number(reading.trim()) : Number.NaN;
    const ok = await run(() =>
      logWork({
        assetId: asset._id,
        doneOn,
        what,
        files,
        ...(costValue === undefined ? {} : { cost: costValue }),
        ...(readingValue === undefined ? {} : { reading: readingValue }),
        ...(planId === "" ? {} : { planId: planId as Id<"maintenancePlans"> }),
      }),
    );
    if (ok) {
      toast.success("Work logged");
      onDone();
    }
  }

  return (
    <Form onSubmit={submit} aria-label="Log work" className="grid gap-2 sm:grid-cols-2">
      <Input label="Done on" type="date" required max={today} value={doneOn} onChange={(e) => setDoneOn(e.target.value)} />
      <Input label="What was done" required maxLength={UPKEEP_LIMITS.what} placeholder="Chain and brakes" value={what} onChange={(e) => setWhat(e.target.value)} />
      <MoneyInput label={COST_LABEL} currency={currency} placeholder="45.00" value={cost} onChange={setCost} />
      {plans.length > 0 && (
        <Select label="Plan" value={planId} onChange={(e) => setPlanId(e.target.value)}>
          <option value="">None</option>
          {plans.map((p) => <option key={p._id} value={p._id}>{p.title}</option>)}
        </Select>
      )}
      {counter && <Input label="Reading" inputMode="numeric" value={reading} onChange={(e) => setReading(e.target.value)} />}
      {asset.files.length > 0 && (
        <fieldset className="flex flex-col gap-1 text-sm sm:col-span-2">
          <legend className="font-medium text-slate-700 dark:text-slate-200">Documented by</legend>
          {asset.files.map((f) => (
            <label key={f.storageId} className="flex items-center gap-2">
              <input type="checkbox" checked={files.includes(f.storageId)}
                onChange={(e) => setFiles(e.target.checked ? [...files, f.storageId] : files.filter((id) => id !== f.storageId))} />
              {f.name} <span className="text-xs text-slate-500">({FILE_KIND_LABELS[f.kind]})</span>
            </label>
          ))}
        </fieldset>
      )}
      {error && <p role="alert" className="text-sm text-red-600 sm:col-span-2 dark:text-red-400">{error}</p>}
      <div className="flex gap-2 sm:col-span-2">
        <Button type="submit" size="sm" loading={busy} loadingText="Saving...">Save entry</Button>
        <Button size="sm" variant="ghost" onClick={onDone}>Cancel</Button>
      </div>
    </Form>
  );
}
