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
import { UnsavedChangesGuard } from "../../lib/UnsavedChangesGuard";

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

type Form = { enabled: boolean; months: number; threshold: number };

/** What the saved plan says, in words: the screen shows this, not what the form holds. */
function savedText(plan: Status["plan"]): string {
  if (plan === null) return "Not set up: nothing will be released. Turn it on and save to start the clock.";
  if (!plan.enabled) return "Saved: off. Nothing will be released.";
  return `Saved: on. After ${plan.periodMonths} months without a sign of life, ${plan.threshold} confirmed contact${plan.threshold === 1 ? "" : "s"} must agree before anything is released.`;
}

export function LegacyPlan({ status }: { status: Status }) {
  const now = useNow({ everyMs: 60_000 });
  const save = useMutation(api.legacy.saveSettings);
  const plan = status.plan;
  // The form starts from the saved plan (off when there is none) and stays on it until edited.
  const saved: Form = {
    enabled: plan?.enabled ?? false,
    months: plan?.periodMonths ?? 12,
    threshold: Math.max(1, Math.min(plan?.threshold ?? 1, status.confirmedContacts || 1)),
  };
  const [draft, setDraft] = useState<Form | null>(null);
  const form = draft ?? saved;
  const edit = (change: Partial<Form>) => setDraft({ ...form, ...change });
  const dirty = draft !== null && (draft.enabled !== saved.enabled || draft.months !== saved.months || draft.threshold !== saved.threshold);
  const { busy, error, setError, run } = useSubmit({ fallback: "Could not save the plan" });

  const submit = async () => {
    const problem = form.enabled ? thresholdError(form.threshold, status.confirmedContacts) : null;
    if (problem) return setError(problem);
    setError(null);
    await run(async () => {
      await save({ enabled: form.enabled, periodMonths: form.months, threshold: form.threshold });
      setDraft(null);
      toast.success("Legacy plan saved");
    });
  };
  const choices = thresholdChoices(status.confirmedContacts);
  return (
    <div className="flex flex-col gap-5">
      {plan && <StateBanner plan={plan} now={now} />}
      {plan && <ReleaseClock plan={plan} />}
      <p data-testid="legacy-saved" className="text-sm font-medium text-slate-800 dark:text-slate-200">{savedText(plan)}</p>
      <div className="grid gap-4 sm:grid-cols-2">
        <label className="flex items-center gap-2 text-sm font-medium sm:col-span-2">
          <input type="checkbox" checked={form.enabled} onChange={(e) => edit({ enabled: e.target.checked })} className="h-4 w-4" />
          Release my will assets to their beneficiaries if I stop using TagMyThing
        </label>
        <Select label="Inactivity period" value={form.months} onChange={(e) => edit({ months: Number(e.target.value) })}>
          {MONTHS.map((m) => <option key={m} value={m}>{m} months</option>)}
        </Select>
        <Select label="Confirmations needed" value={form.threshold} onChange={(e) => edit({ threshold: Number(e.target.value) })} disabled={choices.length === 0}
          hint={choices.length === 0 ? "Available once a contact has confirmed by email." : undefined}>
          {choices.length === 0 ? <option value={form.threshold}>No confirmed contacts yet</option> : choices.map((c) => <option key={c.value} value={c.value}>{c.label}</option>)}
        </Select>
      </div>
      <p className="text-sm text-slate-600 dark:text-slate-400">
        We warn you by email and here 30, 7 and 1 days before. Signing in or pressing “I'm still here” restarts the clock. When it runs out, your
        confirmed contacts are asked to confirm; once enough do, each beneficiary gets a private link to the will assets you left them, and nothing else.
      </p>
      {error && <p role="alert" className="text-sm text-red-600 dark:text-red-400">{error}</p>}
      <div className="flex flex-wrap items-center gap-3">
        <Button onClick={() => void submit()} loading={busy} loadingText="Saving..." disabled={!dirty}>Save plan</Button>
        {dirty && <Button variant="ghost" onClick={() => setDraft(null)} disabled={busy}>Discard changes</Button>}
        <span role="status" className={dirty ? "text-sm font-medium text-amber-800 dark:text-amber-300" : "text-sm text-slate-500 dark:text-slate-400"}>
          {dirty ? "Unsaved changes" : plan ? "No unsaved changes" : ""}
        </span>
      </div>
      <UnsavedChangesGuard dirty={dirty} what="your legacy plan" />
    </div>
  );
}
