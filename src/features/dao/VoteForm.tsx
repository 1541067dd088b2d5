import { useState, type FormEvent } from "react";
import { useMutation } from "convex/react";
import { toast } from "sonner";
import { api } from "../../../convex/_generated/api";
import type { ProposalView } from "../../../convex/lib/dao/rules";
import { Button, Form } from "../../ui";
import { formatTmt } from "../../lib/format";
import { useSubmit } from "../../lib/useSubmit";
import { weightText } from "./daoFormat";

/** One vote per member; choosing again before the end changes it (same weight: the balance at the opening). */
export function VoteForm({ proposal }: { proposal: ProposalView }) {
  const vote = useMutation(api.dao.vote);
  const [choice, setChoice] = useState<number | null>(proposal.myVote?.option ?? null);
  const { busy, error, run } = useSubmit({ fallback: "Failed to record your vote" });
  const voted = proposal.myVote !== null;
  const unchanged = choice === proposal.myVote?.option;

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (choice === null) return;
    await run(async () => {
      const { weight } = await vote({ proposalId: proposal._id, option: choice });
      toast.success(`${voted ? "Vote changed" : "Vote cast"} with a weight of ${formatTmt(weight)}`);
    });
  };

  return (
    <Form onSubmit={submit} aria-label={`Vote on ${proposal.title}`} className="flex flex-col gap-3">
      <fieldset className="flex flex-col gap-2">
        <legend className="mb-1 text-sm font-semibold text-slate-900 dark:text-white">Choose an option</legend>
        {proposal.options.map((option, i) => (
          <label
            key={option}
            className="flex cursor-pointer items-center gap-3 rounded-lg border border-slate-200 px-3 py-2 text-sm has-checked:border-indigo-500 has-checked:bg-indigo-50 dark:border-slate-700 dark:has-checked:bg-indigo-950/50"
          >
            <input
              type="radio"
              name={`vote-${proposal._id}`}
              value={i}
              checked={choice === i}
              onChange={() => setChoice(i)}
              className="h-4 w-4 accent-indigo-600"
            />
            <span className="text-slate-800 dark:text-slate-100">{option}</span>
          </label>
        ))}
      </fieldset>
      {error && (
        <p role="alert" className="text-sm text-red-600 dark:text-red-400">
          {error}
        </p>
      )}
      <div className="flex flex-wrap items-center gap-3">
        <Button type="submit" loading={busy} disabled={choice === null || unchanged}>
          {voted ? "Change vote" : "Cast vote"}
        </Button>
        <p className="text-xs text-slate-500 dark:text-slate-400">
          {proposal.myWeight !== null && weightText(proposal.myWeight, formatTmt(proposal.myWeight))}
          {voted && ` You can change it until voting ends.`}
        </p>
      </div>
    </Form>
  );
}
