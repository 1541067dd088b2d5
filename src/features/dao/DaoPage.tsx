import { useState } from "react";
import { useConvexAuth, useQuery } from "convex/react";
import { api } from "../../../convex/_generated/api";
import { WEIGHT_MOMENT } from "../../../convex/lib/dao/rules";
import { isAdmin } from "../../../convex/lib/roles";
import { Button, Spinner } from "../../ui";
import { CreateProposalModal } from "./CreateProposalModal";
import { ProposalCard } from "./ProposalCard";
import { useNow } from "../../lib/useNow";

/** /dao: everyone reads proposals and live tallies; members vote; admins create. */
export default function DaoPage() {
  const proposals = useQuery(api.dao.list, {});
  const { isAuthenticated } = useConvexAuth();
  const profile = useQuery(api.users.me, isAuthenticated ? {} : "skip") ?? null;
  const [creating, setCreating] = useState(false);
  const now = useNow({ boundaries: (proposals ?? []).flatMap((p) => [p.startsAt, p.endsAt]) });
  const admin = profile !== null && isAdmin(profile);

  return (
    <div className="mx-auto w-full max-w-5xl px-4 py-10 sm:px-6 sm:py-14">
      <div className="flex flex-wrap items-end justify-between gap-4">
        <div>
          <p className="text-sm font-semibold uppercase tracking-wider text-indigo-600 dark:text-indigo-400">Governance</p>
          <h1 className="mt-2 text-3xl font-bold tracking-tight text-slate-900 sm:text-4xl dark:text-white">
            TagMyThing DAO
          </h1>
          <p className="mt-3 max-w-2xl text-slate-600 dark:text-slate-300">
            Members decide on proposals with their TMT: each vote weighs the voter's balance {WEIGHT_MOMENT}. A
            result counts once the votes reach the quorum.
          </p>
        </div>
        {admin && <Button onClick={() => setCreating(true)}>New proposal</Button>}
      </div>

      <div className="mt-10 flex flex-col gap-6">
        {proposals === undefined && (
          <div className="flex justify-center py-10">
            <Spinner label="Loading proposals..." />
          </div>
        )}
        {proposals?.length === 0 && (
          <p className="rounded-2xl border border-dashed border-slate-300 p-8 text-center text-slate-600 dark:border-slate-700 dark:text-slate-400">
            No proposals yet.
          </p>
        )}
        {proposals?.map((p) => (
          <ProposalCard key={p._id} proposal={p} now={now} signedIn={isAuthenticated} />
        ))}
      </div>
      {admin && <CreateProposalModal open={creating} onOpenChange={setCreating} />}
    </div>
  );
}
