import type { ProposalView } from "../../../convex/lib/dao/rules";
import type { Outcome } from "../../../convex/lib/dao/rules";
import { cn } from "../../ui";
import { percent } from "./daoFormat";
import { formatTmt } from "../../lib/format";

/** Weight and count per option, and progress towards the quorum. */
export function Tally({ proposal, result, closed }: { proposal: ProposalView; result: Outcome; closed: boolean }) {
  const { options, weights, counts, quorum, myVote } = proposal;
  return (
    <div className="flex flex-col gap-3">
      <ul aria-label="Tally" className="flex flex-col gap-3">
        {options.map((option, i) => {
          const share = percent(weights[i], result.totalWeight);
          const won = closed && result.winner === i;
          return (
            <li key={option} data-testid="tally-row">
              <div className="flex flex-wrap items-baseline justify-between gap-x-3 text-sm">
                <span className="font-medium text-slate-800 dark:text-slate-100">
                  {option}
                  {myVote?.option === i && (
                    <span className="ml-2 rounded bg-indigo-100 px-1.5 py-0.5 text-xs font-semibold text-indigo-700 dark:bg-indigo-900 dark:text-indigo-200">
                      Your vote
                    </span>
                  )}
                  {won && (
                    <span className="ml-2 rounded bg-emerald-100 px-1.5 py-0.5 text-xs font-semibold text-emerald-800 dark:bg-emerald-900 dark:text-emerald-200">
                      Winner
                    </span>
                  )}
                </span>
                <span className="tabular-nums text-slate-600 dark:text-slate-400">
                  {formatTmt(weights[i])} · {counts[i]} {counts[i] === 1 ? "vote" : "votes"} · {share}%
                </span>
              </div>
              <div className="mt-1 h-2 overflow-hidden rounded-full bg-slate-100 dark:bg-slate-800">
                <div
                  className={cn("h-full rounded-full", won ? "bg-emerald-500" : "bg-indigo-500")}
                  style={{ width: `${share}%` }}
                />
              </div>
            </li>
          );
        })}
      </ul>
      <div>
        <div className="flex flex-wrap justify-between gap-x-3 text-xs text-slate-600 dark:text-slate-400">
          <span>
            Quorum: {formatTmt(result.totalWeight)} of {formatTmt(quorum)}
            {result.quorumReached ? " (reached)" : ""}
          </span>
          <span>
            {result.totalVotes} {result.totalVotes === 1 ? "voter" : "voters"}
          </span>
        </div>
        <div
          role="progressbar"
          aria-label="Quorum progress"
          aria-valuemin={0}
          aria-valuemax={100}
          aria-valuenow={Math.min(100, percent(result.totalWeight, quorum || 1))}
          className="mt-1 h-1.5 overflow-hidden rounded-full bg-slate-100 dark:bg-slate-800"
        >
          <div
            className={cn("h-full", result.quorumReached ? "bg-emerald-500" : "bg-amber-500")}
            style={{ width: `${quorum === 0 ? 100 : Math.min(100, percent(result.totalWeight, quorum))}%` }}
          />
        </div>
      </div>
    </div>
  );
}
