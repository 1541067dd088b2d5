// An item's upkeep on its page (live): its plans with when each is next due, a counter's
// reading updated in place, and the log of work done, newest first.
import { useState } from "react";
import { toast } from "sonner";
import { api } from "../../../../convex/_generated/api";
import type { AssetDetail } from "../../../../convex/lib/assets/read";
import { dayOf, daysUntil, scheduleText } from "../../../../convex/lib/upkeep/rules";
import type { LogEntryView, PlanView } from "../../../../convex/lib/upkeep/tables";
import { Badge, Button, Input } from "../../../ui";
import { formatAmount, formatDay, formatNumber } from "../../../lib/format";
import { useNow } from "../../../lib/useNow";
import { useSubmit } from "../../../lib/useSubmit";
import { useMayEdit, useWorkspaceMutation, useWorkspaceQuery } from "../../../lib/useWorkspace";
import { LogForm } from "./LogForm";
import { PlanForm } from "./PlanForm";

function DueBadge({ plan }: { plan: PlanView }) {
  const today = dayOf(useNow({ everyMs: 60 * 60_000 }));
  if (plan.dueOn === null) return null;
  const days = daysUntil(plan.dueOn, today);
  return days <= 0 ? <Badge tone="red">Due</Badge> : days <= 30 ? <Badge tone="amber">Due soon</Badge> : null;
}

function ReadingForm({ plan }: { plan: PlanView }) {
  const setReading = useWorkspaceMutation(api.maintenance.setReading);
  const [value, setValue] = useState("");
  const { busy, error, run } = useSubmit({ fallback: "Could not save the reading." });
  const save = () => void run(async () => {
    await setReading({ planId: plan._id, reading: /^\d{1,10}$/.test(value.trim()) ? Number(value.trim()) : Number.NaN });
    setValue("");
    toast.success("Reading saved");
  });
  return (
    <div className="flex items-end gap-2">
      <Input label={`Reading now (${plan.schedule.by === "counter" ? plan.schedule.unit : ""})`} inputMode="numeric" value={value} error={error ?? undefined}
        containerClassName="w-40" onChange={(e) => setValue(e.target.value)} />
      <Button size="sm" variant="outline" loading={busy} onClick={save}>Save reading</Button>
    </div>
  );
}

function PlanRow({ plan, mayEdit }: { plan: PlanView; mayEdit: boolean }) {
  const removePlan = useWorkspaceMutation(api.maintenance.removePlan);
  const unit = plan.schedule.by === "counter" ? plan.schedule.unit : "";
  const next = plan.schedule.by === "time"
    ? plan.dueOn && `next ${formatDay(plan.dueOn)}`
    : `${formatNumber(plan.reading ?? 0)} of ${formatNumber(plan.dueReading ?? 0)} ${unit}`;
  return (
    <li className="flex flex-col gap-2 py-2">
      <div className="flex flex-wrap items-center gap-2">
        <span className="font-medium">{plan.title}</span>
        <span className="text-slate-600 dark:text-slate-400">{scheduleText(plan.schedule, formatNumber).toLowerCase()}, {next}</span>
        <DueBadge plan={plan} />
        {mayEdit && (
          <Button size="sm" variant="ghost" aria-label={`Remove plan ${plan.title}`}
            onClick={() => void removePlan({ planId: plan._id }).then(() => toast.success("Plan removed"), () => toast.error("Could not remove the plan"))}>
            Remove
          </Button>
        )}
      </div>
      {mayEdit && plan.schedule.by === "counter" && <ReadingForm plan={plan} />}
    </li>
  );
}

function LogRow({ entry, mayEdit }: { entry: LogEntryView; mayEdit: boolean }) {
  const removeEntry = useWorkspaceMutation(api.maintenance.removeEntry);
  return (
    <li className="flex flex-wrap items-baseline gap-x-3 gap-y-1 py-2">
      <span className="text-slate-600 dark:text-slate-400">{formatDay(entry.doneOn)}</span>
      <span className="font-medium break-words">{entry.what}</span>
      {entry.cost && <span>{formatAmount(entry.cost)}</span>}
      {entry.reading !== null && <span>at {formatNumber(entry.reading)}</span>}
      {entry.plan && <Badge tone="slate">{entry.plan}</Badge>}
      {entry.files.map((f) => f.url
        ? <a key={f.storageId} href={f.url} target="_blank" rel="noreferrer" className="text-indigo-600 underline dark:text-indigo-400">{f.name}</a>
        : <span key={f.storageId}>{f.name}</span>)}
      {mayEdit && (
        <Button size="sm" variant="ghost" aria-label={`Remove entry ${entry.what}`}
          onClick={() => void removeEntry({ entryId: entry._id }).then(() => toast.success("Entry removed"), () => toast.error("Could not remove the entry"))}>
          Remove
        </Button>
      )}
    </li>
  );
}

export function MaintenancePanel({ asset }: { asset: AssetDetail }) {
  const data = useWorkspaceQuery(api.maintenance.forAsset, { assetId: asset._id });
  const mayEdit = useMayEdit();
  const [adding, setAdding] = useState<"plan" | "log" | null>(null);
  if (data === undefined || data === null) return null;
  return (
    <section aria-labelledby="maintenance-title" className="flex flex-col gap-3 text-sm">
      <h2 id="maintenance-title" className="font-semibold text-slate-900 dark:text-white">Maintenance</h2>
      {data.plans.length === 0 && data.log.length === 0 && <p className="text-slate-600 dark:text-slate-400">No plans or work logged yet.</p>}
      {data.plans.length > 0 && (
        <ul aria-label="Maintenance plans" className="flex flex-col divide-y divide-slate-100 dark:divide-slate-800">
          {data.plans.map((p) => <PlanRow key={p._id} plan={p} mayEdit={mayEdit} />)}
        </ul>
      )}
      {data.log.length > 0 && (
        <ol aria-label="Maintenance log" className="flex flex-col divide-y divide-slate-100 dark:divide-slate-800">
          {data.log.map((e) => <LogRow key={e._id} entry={e} mayEdit={mayEdit} />)}
        </ol>
      )}
      {mayEdit && adding === "plan" && <PlanForm assetId={asset._id} onDone={() => setAdding(null)} />}
      {mayEdit && adding === "log" && <LogForm asset={asset} plans={data.plans} onDone={() => setAdding(null)} />}
      {mayEdit && adding === null && (
        <div className="flex flex-wrap gap-2">
          <Button size="sm" variant="outline" onClick={() => setAdding("log")}>Log work</Button>
          <Button size="sm" variant="ghost" onClick={() => setAdding("plan")}>Add a plan</Button>
        </div>
      )}
    </section>
  );
}
