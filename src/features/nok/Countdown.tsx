import { DAY_MS, formatCountdown } from "../../../convex/lib/legacy/rules";
import { cn } from "../../ui";
import { useNow } from "../../lib/useNow";

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
