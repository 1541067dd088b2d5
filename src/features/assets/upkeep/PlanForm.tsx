// Adding a maintenance plan: by time ("every 6 months") or by a counter ("every 10,000 km").
import { useState, type FormEvent } from "react";
import { toast } from "sonner";
import { api } from "../../../../convex/_generated/api";
import type { Id } from "../../../../convex/_generated/dataModel";
import { dayOf, PERIOD_LABELS, PLAN_PERIODS, UPKEEP_LIMITS, type PlanPeriod } from "../../../../convex/lib/upkeep/rules";
import { Button, Form, Input, Select } from "../../../ui";
import { useSubmit } from "../../../lib/useSubmit";
import { useWorkspaceMutation } from "../../../lib/useWorkspace";

const whole = (text: string) => (/^\d{1,10}$/.test(text.trim()) ? Number(text.trim()) : Number.NaN);

export function PlanForm({ assetId, onDone }: { assetId: Id<"assets">; onDone: () => void }) {
  const addPlan = useWorkspaceMutation(api.maintenance.addPlan);
  const [title, setTitle] = useState("Service");
  const [by, setBy] = useState<"time" | "counter">("time");
  const [every, setEvery] = useState("6");
  const [period, setPeriod] = useState<PlanPeriod>("month");
  const [unit, setUnit] = useState("km");
  const [today] = useState(() => dayOf(Date.now()));
  const [lastOn, setLastOn] = useState(today);
  const [reading, setReading] = useState("");
  const { busy, error, run } = useSubmit({ fallback: "Could not add the plan." });

  async function submit(event: FormEvent) {
    event.preventDefault();
    const schedule = by === "time" ? { by, every: whole(every), period } : { by, every: whole(every), unit };
    const counter = by === "counter" && reading.trim() !== "" ? { reading: whole(reading) } : {};
    const ok = await run(() => addPlan({ assetId, title, schedule, lastOn, ...counter }));
    if (ok) {
      toast.success("Plan added");
      onDone();
    }
  }

  return (
    <Form onSubmit={submit} aria-label="New maintenance plan" className="grid gap-2 sm:grid-cols-2">
      <Input label="Plan" required maxLength={UPKEEP_LIMITS.title} value={title} onChange={(e) => setTitle(e.target.value)} />
      <Select label="Goes by" value={by} onChange={(e) => setBy(e.target.value as "time" | "counter")}>
        <option value="time">Time</option>
        <option value="counter">A counter (km, miles, hours)</option>
      </Select>
      <Input label="Every" required inputMode="numeric" value={every} onChange={(e) => setEvery(e.target.value)} />
      {by === "time" ? (
        <Select label="Period" value={period} onChange={(e) => setPeriod(e.target.value as PlanPeriod)}>
          {PLAN_PERIODS.map((p) => <option key={p} value={p}>{PERIOD_LABELS[p][1]}</option>)}
        </Select>
      ) : (
        <Input label="Counter unit" required maxLength={UPKEEP_LIMITS.unit} value={unit} onChange={(e) => setUnit(e.target.value)} />
      )}
      <Input label="Last done" type="date" max={today} value={lastOn} onChange={(e) => setLastOn(e.target.value)} />
      {by === "counter" && <Input label="Reading then" inputMode="numeric" value={reading} onChange={(e) => setReading(e.target.value)} />}
      {error && <p role="alert" className="text-sm text-red-600 sm:col-span-2 dark:text-red-400">{error}</p>}
      <div className="flex gap-2 sm:col-span-2">
        <Button type="submit" size="sm" loading={busy} loadingText="Adding...">Add plan</Button>
        <Button size="sm" variant="ghost" onClick={onDone}>Cancel</Button>
      </div>
    </Form>
  );
}
