import type { MyReferrals } from "../../../convex/lib/referrals/shapes";
import { REFERRALS_LIST_LIMIT } from "../../../convex/lib/referrals/shapes";
import { REFERRAL_TEXT } from "./referralFormat";
import { formatDate, formatTmt } from "../../lib/format";

/** Who joined through me (names masked), when, and what each earned me. */
export function PeopleList({ people, total }: { people: MyReferrals["people"]; total: number }) {
  return (
    <section
      aria-labelledby="people-heading"
      className="rounded-2xl border border-slate-200 bg-white shadow-sm dark:border-slate-800 dark:bg-slate-900"
    >
      <div className="flex items-baseline justify-between gap-3 border-b border-slate-200 px-5 py-4 sm:px-6 dark:border-slate-800">
        <h2 id="people-heading" className="text-lg font-semibold text-slate-900 dark:text-white">
          People who joined
        </h2>
        {total > people.length && (
          <p className="text-xs text-slate-500 dark:text-slate-400">Latest {REFERRALS_LIST_LIMIT} of {total}</p>
        )}
      </div>
      {people.length === 0 ? (
        <div className="px-6 py-10 text-center">
          <p className="font-medium text-slate-800 dark:text-slate-200">{REFERRAL_TEXT.empty}</p>
          <p className="mt-1 text-sm text-slate-500 dark:text-slate-400">{REFERRAL_TEXT.emptyHint}</p>
        </div>
      ) : (
        <ul aria-label="People who joined" className="divide-y divide-slate-200 dark:divide-slate-800">
          {people.map((p) => (
            <li key={p._id} className="flex flex-wrap items-center justify-between gap-x-4 gap-y-1 px-5 py-3 sm:px-6">
              <div className="min-w-0">
                <p className="font-medium text-slate-900 dark:text-white">{p.name}</p>
                <p className="text-sm text-slate-500 dark:text-slate-400">
                  Joined <time dateTime={new Date(p.joinedAt).toISOString()}>{formatDate(p.joinedAt)}</time>
                </p>
              </div>
              {p.reward > 0 ? (
                <p className="font-semibold tabular-nums text-emerald-700 dark:text-emerald-300">+{formatTmt(p.reward)}</p>
              ) : (
                <p className="text-sm text-slate-500 dark:text-slate-400">Awaiting verification</p>
              )}
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
