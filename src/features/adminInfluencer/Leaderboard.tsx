import { usePaginatedQuery } from "convex/react";
import { api } from "../../../convex/_generated/api";
import { LEADERBOARD_PAGE_SIZE } from "../../../convex/lib/referralValidators";
import { TOKEN_SYMBOL } from "../../../convex/lib/constants";
import { Button, Spinner } from "../../ui";

const cell = "px-4 py-3 text-sm";
const wide = "hidden md:table-cell";
const num = `${cell} text-right tabular-nums`;

function date(time: number) {
  return new Date(time).toLocaleDateString("en-GB", { day: "numeric", month: "short", year: "numeric" });
}

/** Referrers ranked by people referred, a page at a time; live. */
export function Leaderboard() {
  const { results, status, loadMore } = usePaginatedQuery(
    api.referrals.leaderboard,
    {},
    { initialNumItems: LEADERBOARD_PAGE_SIZE },
  );
  return (
    <section
      aria-labelledby="leaderboard-heading"
      className="rounded-2xl border border-slate-200 bg-white shadow-sm dark:border-slate-800 dark:bg-slate-900"
    >
      <h2 id="leaderboard-heading" className="border-b border-slate-200 px-5 py-4 text-lg font-semibold text-slate-900 sm:px-6 dark:border-slate-800 dark:text-white">
        Referrers leaderboard
      </h2>
      {status === "LoadingFirstPage" ? (
        <div className="flex justify-center p-8">
          <Spinner label="Loading leaderboard..." />
        </div>
      ) : results.length === 0 ? (
        <p className="px-6 py-10 text-center text-slate-600 dark:text-slate-400">No referrals yet</p>
      ) : (
        <>
          {/* Phones: one card per referrer instead of a table too wide to read. */}
          <ol aria-label="Referrers" className="divide-y divide-slate-200 sm:hidden dark:divide-slate-800">
            {results.map((row, i) => (
              <li key={row._id} className="flex gap-3 px-4 py-3 text-sm">
                <span className="w-6 shrink-0 text-slate-500">{i + 1}</span>
                <div className="min-w-0">
                  <p className="font-medium text-slate-900 dark:text-white">{row.name ?? "Unnamed"}</p>
                  {row.email && <p className="break-all text-xs text-slate-500 dark:text-slate-400">{row.email}</p>}
                  <p className="mt-1 text-slate-700 dark:text-slate-300">
                    {row.referred} referred · {row.verified} verified · {row.earned} {TOKEN_SYMBOL}
                  </p>
                </div>
              </li>
            ))}
          </ol>
          <div className="hidden overflow-x-auto sm:block">
          <table className="w-full text-left">
            <thead className="bg-slate-50 text-xs uppercase tracking-wider text-slate-500 dark:bg-slate-950 dark:text-slate-400">
              <tr>
                <th scope="col" className={cell}>#</th>
                <th scope="col" className={cell}>Referrer</th>
                <th scope="col" className={`${cell} text-right`}>Referred</th>
                <th scope="col" className={`${cell} text-right`}>Verified</th>
                <th scope="col" className={`${cell} text-right`}>{TOKEN_SYMBOL} earned</th>
                <th scope="col" className={`${cell} ${wide}`}>Last referral</th>
              </tr>
            </thead>
            <tbody className="divide-y divide-slate-200 text-slate-800 dark:divide-slate-800 dark:text-slate-200">
              {results.map((row, i) => (
                <tr key={row._id}>
                  <td className={`${cell} text-slate-500`}>{i + 1}</td>
                  <td className={cell}>
                    <p className="font-medium">{row.name ?? "Unnamed"}</p>
                    {row.email && <p className="text-xs text-slate-500 dark:text-slate-400">{row.email}</p>}
                  </td>
                  <td className={num}>{row.referred}</td>
                  <td className={num}>{row.verified}</td>
                  <td className={num}>{row.earned}</td>
                  <td className={`${cell} ${wide} whitespace-nowrap`}>{date(row.lastReferralAt)}</td>
                </tr>
              ))}
            </tbody>
          </table>
          </div>
        </>
      )}
      {(status === "CanLoadMore" || status === "LoadingMore") && (
        <div className="border-t border-slate-200 p-4 text-center dark:border-slate-800">
          <Button
            variant="outline"
            size="sm"
            loading={status === "LoadingMore"}
            loadingText="Loading..."
            onClick={() => loadMore(LEADERBOARD_PAGE_SIZE)}
          >
            Load more
          </Button>
        </div>
      )}
    </section>
  );
}
