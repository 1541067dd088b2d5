import type { ReferralStats } from "../../../convex/lib/referrals/shapes";
import { formatDayMonth } from "../../lib/format";

const WIDTH = 300;
const HEIGHT = 100;
const SLOT = WIDTH / 30;

/** Sign-ups per UTC day as a small inline SVG bar chart (no chart library). */
export function SignupsChart({ days }: { days: ReferralStats["days"] }) {
  const peak = Math.max(1, ...days.map((d) => d.signups));
  const total = days.reduce((sum, d) => sum + d.signups, 0);
  const slot = WIDTH / Math.max(days.length, 1) || SLOT;
  return (
    <figure className="rounded-2xl border border-slate-200 bg-white p-5 shadow-sm sm:p-6 dark:border-slate-800 dark:bg-slate-900">
      <figcaption className="flex flex-wrap items-baseline justify-between gap-2">
        <span className="text-lg font-semibold text-slate-900 dark:text-white">Sign-ups per day</span>
        <span className="text-sm text-slate-500 dark:text-slate-400">
          {total} in the last {days.length} days
        </span>
      </figcaption>
      <svg
        viewBox={`0 0 ${WIDTH} ${HEIGHT}`}
        preserveAspectRatio="none"
        role="img"
        aria-label={`Sign-ups per day over the last ${days.length} days: ${total} in total, at most ${peak === 1 && total === 0 ? 0 : peak} a day`}
        className="mt-4 h-40 w-full"
      >
        <line x1="0" y1={HEIGHT - 0.5} x2={WIDTH} y2={HEIGHT - 0.5} className="stroke-slate-300 dark:stroke-slate-700" strokeWidth="1" />
        {days.map((d, i) => {
          const h = d.signups === 0 ? 0 : Math.max(2, (d.signups / peak) * (HEIGHT - 8));
          return (
            <rect
              key={d.day}
              data-day={d.day}
              x={i * slot + slot * 0.15}
              y={HEIGHT - 1 - h}
              width={slot * 0.7}
              height={h}
              rx="1"
              className="fill-indigo-500 dark:fill-indigo-400"
            >
              <title>{`${formatDayMonth(d.day)}: ${d.signups} sign-up${d.signups === 1 ? "" : "s"}`}</title>
            </rect>
          );
        })}
      </svg>
      {days.length > 0 && (
        <div className="mt-2 flex justify-between text-xs text-slate-500 dark:text-slate-400">
          <span>{formatDayMonth(days[0].day)}</span>
          <span>{formatDayMonth(days[days.length - 1].day)}</span>
        </div>
      )}
    </figure>
  );
}
