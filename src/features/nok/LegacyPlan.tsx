import { useMutation } from "convex/react";
import type { FunctionReturnType } from "convex/server";
import { useState } from "react";
import { toast } from "sonner";
import { api } from "../../../convex/_generated/api";
import { DAY_MS, MAX_PERIOD_MONTHS, MIN_PERIOD_MONTHS, thresholdChoices, thresholdError } from "../../../convex/lib/legacy/rules";
import { Button, Select } from "../../ui";
import { formatDateTime } from "../../lib/format";
import { ReleaseClock } from "../../lib/ReleaseClock";
import { useSubmit } from "../../lib/useSubmit";
import { useNow } from "../../lib/useNow";

type Status = NonNullable<FunctionReturnType<typeof api.legacy.status>>;
const MONTHS = Array.from({ length: MAX_PERIOD_MONTHS - MIN_PERIOD_MONTHS + 1 }, (_, i) => i + MIN_PERIOD_MONTHS);

function StateBanner({ plan, now }: { plan: NonNullable<Status["plan"]>; now: number }) {
  if (plan.state === "lapsed") {
    return (
      <p role="alert" className="rounded-xl bg-red-50 p-3 text-sm text-red-800 dark:bg-red-950 dark:text-red-200">
        {plan.confirmationsNeeded === 0
          ? "Your legacy release has started, but no contact had confirmed by email, so there is nobody to ask and nothing can be released."
          : `Your legacy release has started: ${plan.confirmationsReceived} of ${plan.confirmationsNeeded} needed confirmation${plan.confirmationsNeeded === 1 ? "" : "s"} received.`}{" "}
        Press “I'm still here” to cancel it.
      </p>
    );
  }
  if (plan.state === "released") {
    return (
      <p role="alert" className="rounded-xl bg-red-50 p-3 text-sm text-red-800 dark:bg-red-950 dark:text-red-200">
        Your will assets were released{plan.releasedAt ? ` on ${formatDateTime(plan.releasedAt)}` : ""}. Press “I'm still here” to revoke the links.
      </p>
    );
  }
  const days = Math.ceil((plan.deadline - now) / DAY_MS);
  if (!plan.enabled || days > 30) return null;
  return (
    <p role="alert" className="rounded-xl bg-amber-50 p-3 text-sm text-amber-900 dark:bg-amber-950 dark:text-amber-200">
      Your will assets will be released in {days} day{days === 1 ? "" : "s"} unless you check in.
    </p>
  );
}

export function LegacyPlan({ status }: { status: Status }) {
  const now = useNow({ everyMs: 60_000 });
  const save = useMutation(api.legacy.saveSettings);
  const plan = status.plan;
  const [enabled, setEnabled] = useState(plan?.enabled ?? true);
  const [months, setMonths] = useState(plan?.periodMonths ?? 12);
  const [threshold, setThreshold] = useState(Math.max(1, Math.min(plan?.threshold ?? 1, status.confirmedContacts || 1)));
  const { busy, error, setError, run } = useSubmit({ fallback: "Could not save the plan" });

  const submit = async () => {
    const problem = enabled ? thresholdError(threshold, status.confirmedContacts) : null;
    if (problem) return setError(problem);
    setError(null);
    await run(async () => {
      await save({ enabled, periodMonths: months, threshold });
      toast.success("Legacy plan saved");
    });
  };
  const choices = thresholdChoices(status.confirmedContacts);
  return (
    <div className="flex flex-col gap-5">
      {plan && <StateBanner plan={plan} now={now} />}
      {plan && <ReleaseClock plan={plan} />}
      <div className="grid gap-4 sm:grid-cols-2">
        <label className="flex items-center gap-2 text-sm font-medium sm:col-span-2">
          <input type="checkbox" checked={enabled} onChange={(e) => setEnabled(e.target.checked)} className="h-4 w-4" />
          Release my will assets to their beneficiaries if I stop using TagMyThing
        </label>
        <Select label="Inactivity period" value={months} onChange={(e) => setMonths(Number(e.target.value))}>
          {MONTHS.map((m) => <option key={m} value={m}>{m} months</option>)}
        </Select>
        <Select label="Confirmations needed" value={threshold} onChange={(e) => setThreshold(Number(e.target.value))} disabled={choices.length === 0}
          hint={choices.length === 0 ? "Available once a contact has confirmed by email." : undefined}>
          {choices.length === 0 ? <option value={threshold}>No confirmed contacts yet</option> : choices.map((c) => <option key={c.value} value={c.value}>{c.label}</option>)}
        </Select>
      </div>
      <p className="text-sm text-slate-600 dark:text-slate-400">
        We warn you by email and here 30, 7 and 1 days before. Signing in or pressing “I'm still here” restarts the clock. When it runs out, your
        confirmed contacts are asked to confirm; once enough do, each beneficiary gets a private link to the will assets you left them, and nothing else.
      </p>
      {error && <p role="alert" className="text-sm text-red-600 dark:text-red-400">{error}</p>}
      <div><Button variant="secondary" onClick={() => void submit()} loading={busy} loadingText="Saving...">Save plan</Button></div>
    </div>
  );
}
