import { useState } from "react";
import { Link } from "react-router";
import { outcome, proposalPhase, WEIGHT_MOMENT, type Phase, type ProposalView } from "../../../convex/lib/dao/rules";
import { cn } from "../../ui";
import { timeLeft } from "./daoFormat";
import { Tally } from "./Tally";
import { VoteForm } from "./VoteForm";
import { formatDateTime, formatTmt } from "../../lib/format";

const PHASE_STYLE: Record<Phase, { label: string; className: string }> = {
  upcoming: { label: "Upcoming", className: "bg-amber-100 text-amber-800 dark:bg-amber-900/60 dark:text-amber-200" },
  open: { label: "Voting open", className: "bg-emerald-100 text-emerald-800 dark:bg-emerald-900/60 dark:text-emerald-200" },
  closed: { label: "Closed", className: "bg-slate-200 text-slate-700 dark:bg-slate-800 dark:text-slate-300" },
};
const PREVIEW = 280;

function Description({ text }: { text: string }) {
  const [open, setOpen] = useState(false);
  const long = text.length > PREVIEW;
  const shown = open || !long ? text : `${text.slice(0, PREVIEW).trimEnd()}…`;
  return (
    <div className="mt-3 text-sm leading-relaxed text-slate-600 dark:text-slate-300">
      {shown.split(/\r?\n/).filter((line) => line.trim() !== "").map((line, i) => (
        <p key={i} className="mt-2 first:mt-0 break-words">
          {line}
        </p>
      ))}
      {long && (
        <button
          type="button"
          onClick={() => setOpen((o) => !o)}
          className="mt-1 font-medium text-indigo-600 hover:underline dark:text-indigo-400"
        >
          {open ? "Show less" : "Read more"}
        </button>
      )}
    </div>
  );
}

function Result({ proposal }: { proposal: ProposalView }) {
  const r = outcome(proposal);
  let text: string;
  if (r.totalVotes === 0) text = "No votes were cast.";
  else if (!r.quorumReached) text = `Quorum not reached: ${formatTmt(r.totalWeight)} of ${formatTmt(proposal.quorum)}.`;
  else if (r.winner === null) text = "Tied: no option won.";
  else text = `Passed: “${proposal.options[r.winner]}” with ${formatTmt(proposal.weights[r.winner])}.`;
  return (
    <p className="rounded-lg bg-slate-100 px-3 py-2 text-sm font-medium text-slate-800 dark:bg-slate-800 dark:text-slate-100">
      Final result: {text}
    </p>
  );
}

export function ProposalCard({ proposal, now, signedIn }: { proposal: ProposalView; now: number; signedIn: boolean }) {
  const phase = proposalPhase(proposal, now);
  const style = PHASE_STYLE[phase];
  const result = outcome(proposal);
  return (
    <article
      aria-labelledby={`p-${proposal._id}`}
      className="rounded-2xl border border-slate-200 bg-white p-5 shadow-sm sm:p-6 dark:border-slate-800 dark:bg-slate-900"
    >
      <div className="flex flex-wrap items-center gap-2 text-xs">
        <span className={cn("rounded-full px-2 py-0.5 font-semibold", style.className)}>{style.label}</span>
        <span className="text-slate-500 dark:text-slate-400">
          {phase === "upcoming" && `Opens in ${timeLeft(proposal.startsAt, now)} · ${formatDateTime(proposal.startsAt)}`}
          {phase === "open" && `Ends in ${timeLeft(proposal.endsAt, now)} · ${formatDateTime(proposal.endsAt)}`}
          {phase === "closed" && `Ended ${formatDateTime(proposal.endsAt)}`}
        </span>
      </div>
      <h2 id={`p-${proposal._id}`} className="mt-3 break-words text-xl font-semibold text-slate-900 dark:text-white">
        {proposal.title}
      </h2>
      <Description text={proposal.description} />
      <div className="mt-5 grid gap-6 lg:grid-cols-[1.3fr_1fr]">
        <div className="flex flex-col gap-3">
          <Tally proposal={proposal} result={result} closed={phase === "closed"} />
          {phase === "closed" && <Result proposal={proposal} />}
        </div>
        <div>
          {phase === "open" && signedIn && <VoteForm proposal={proposal} />}
          {phase === "open" && !signedIn && (
            <p className="text-sm text-slate-600 dark:text-slate-400">
              <Link to="/auth" className="font-medium text-indigo-600 hover:underline dark:text-indigo-400">
                Sign in
              </Link>{" "}
              to vote. Your vote weighs your TMT balance {WEIGHT_MOMENT}.
            </p>
          )}
          {phase === "upcoming" && (
            <p className="text-sm text-slate-600 dark:text-slate-400">Voting has not started yet.</p>
          )}
          {phase === "closed" && proposal.myVote !== null && (
            <p className="text-sm text-slate-600 dark:text-slate-400">
              You voted “{proposal.options[proposal.myVote.option]}” with {formatTmt(proposal.myVote.weight)}.
            </p>
          )}
        </div>
      </div>
    </article>
  );
}
