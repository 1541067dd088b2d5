import { usePaginatedQuery } from "convex/react";
import { api } from "../../../convex/_generated/api";
import { LEADERBOARD_PAGE_SIZE } from "../../../convex/lib/referrals/shapes";
import { Button, Spinner } from "../../ui";
import { LeaderboardCards, LeaderboardTable } from "./LeaderboardRows";

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
      <h2
        id="leaderboard-heading"
        className="border-b border-slate-200 px-5 py-4 text-lg font-semibold text-slate-900 sm:px-6 dark:border-slate-800 dark:text-white"
      >
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
          <LeaderboardCards rows={results} />
          <LeaderboardTable rows={results} />
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
