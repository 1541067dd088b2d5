// The legacy release clock, shown on /nok and the dashboard: time left before release
// (or where a release stands) and the "I'm still here" button that restarts it.
import { useMutation } from "convex/react";
import type { FunctionReturnType } from "convex/server";
import { toast } from "sonner";
import { api } from "../../convex/_generated/api";
import { DAY_MS, formatCountdown } from "../../convex/lib/legacy/rules";
import { Button, cn } from "../ui";
import { errorMessage } from "./errors";
import { formatDateTime } from "./format";
import { useNow } from "./useNow";

type LegacyPlanView = NonNullable<NonNullable<FunctionReturnType<typeof api.legacy.status>>["plan"]>;

/** Time left before release; red inside the last 7 days. Ticks every minute (`tickMs`). */
export function Countdown({ deadline, tickMs = 60_000 }: { deadline: number; tickMs?: number }) {
  const now = useNow({ everyMs: tickMs });
  const left = deadline - now;
  const urgent = left <= 7 * DAY_MS;
  return (
    <div role="timer" aria-live="off" aria-label="Time before release" className="flex flex-col">
      <span className="text-xs font-medium uppercase tracking-wide text-slate-500 dark:text-slate-400">Release in</span>
      <span
        data-testid="legacy-countdown"
        className={cn("text-2xl font-bold tabular-nums sm:text-3xl", urgent ? "text-red-600 dark:text-red-400" : "text-slate-900 dark:text-white")}
      >
        {left <= 0 ? "Due now" : formatCountdown(left)}
      </span>
    </div>
  );
}

/** The countdown (or the release's state) beside "I'm still here"; nothing when the plan is off. */
export function ReleaseClock({ plan }: { plan: LegacyPlanView }) {
  const checkIn = useMutation(api.legacy.checkIn);
  if (!plan.enabled) return null;
  const stillHere = async () => {
    try {
      await checkIn({});
      toast.success("Thanks! The clock has restarted.");
    } catch (e) {
      toast.error(errorMessage(e, "Could not check in"));
    }
  };
  return (
    <div className="flex flex-col gap-4 rounded-xl bg-slate-50 p-4 sm:flex-row sm:items-center sm:justify-between dark:bg-slate-800/60">
      {plan.state === "active" ? (
        <Countdown deadline={plan.deadline} />
      ) : (
        <p className="font-semibold">{plan.state === "lapsed" ? "Waiting for your contacts to confirm" : "Released to your beneficiaries"}</p>
      )}
      <div className="flex flex-col gap-1 sm:items-end">
        <Button onClick={() => void stillHere()}>I'm still here</Button>
        <span className="text-xs text-slate-500 dark:text-slate-400">Last sign of life: {formatDateTime(plan.lastAliveAt)}</span>
      </div>
    </div>
  );
}
