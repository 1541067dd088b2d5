import { useMutation, useQuery } from "convex/react";
import { Link } from "react-router";
import { api } from "../../../convex/_generated/api";
import { ONBOARDING_TEXT, showOnboarding } from "../../../convex/lib/onboarding/rules";
import { Button, cn } from "../../ui";
import { useSubmit } from "../../lib/useSubmit";

function Tick({ done }: { done: boolean }) {
  return (
    <span
      aria-hidden="true"
      className={cn(
        "flex h-6 w-6 shrink-0 items-center justify-center rounded-full border text-xs font-bold",
        done ? "border-emerald-600 bg-emerald-600 text-white" : "border-slate-300 text-transparent dark:border-slate-600",
      )}
    >
      ✓
    </span>
  );
}

/** A new account's first steps, ticked off live as they are done; gone when all are, or when dismissed. */
export function OnboardingChecklist() {
  const onboarding = useQuery(api.onboarding.checklist, {});
  const dismiss = useMutation(api.onboarding.dismiss);
  const { busy, run } = useSubmit({ fallback: "Could not hide the checklist", show: "toast" });
  if (!onboarding || !showOnboarding(onboarding)) return null;
  const done = onboarding.steps.filter((s) => s.done).length;
  return (
    <section aria-labelledby="onboarding-title" className="rounded-2xl border border-indigo-200 bg-indigo-50/60 p-5 shadow-sm dark:border-indigo-900 dark:bg-indigo-950/40">
      <div className="flex flex-wrap items-start justify-between gap-3">
        <div>
          <h2 id="onboarding-title" className="text-lg font-semibold text-slate-900 dark:text-white">Get started</h2>
          <p className="text-sm text-slate-600 dark:text-slate-300" data-testid="onboarding-progress">{done} of {onboarding.steps.length} done</p>
        </div>
        <Button variant="ghost" size="sm" loading={busy} onClick={() => void run(() => dismiss({}))} aria-label="Dismiss the getting-started checklist">
          Dismiss
        </Button>
      </div>
      <ol className="mt-4 grid gap-2 sm:grid-cols-2" aria-label="Getting-started steps">
        {onboarding.steps.map(({ step, done: isDone }) => {
          const t = ONBOARDING_TEXT[step];
          return (
            <li key={step} className="flex items-start gap-3 rounded-xl bg-white p-3 dark:bg-slate-900">
              <Tick done={isDone} />
              <div className="min-w-0 flex-1">
                <p className={cn("text-sm font-semibold", isDone ? "text-slate-500 line-through dark:text-slate-400" : "text-slate-900 dark:text-white")}>
                  {t.title}
                  <span className="sr-only">{isDone ? " (done)" : " (to do)"}</span>
                </p>
                <p className="text-xs text-slate-600 dark:text-slate-400">{t.text}</p>
              </div>
              {!isDone && (
                <Link to={t.to} className="shrink-0 self-center text-sm font-medium text-indigo-600 hover:underline dark:text-indigo-400">
                  {t.action}
                </Link>
              )}
            </li>
          );
        })}
      </ol>
    </section>
  );
}
