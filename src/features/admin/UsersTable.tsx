import { useState } from "react";
import { usePaginatedQuery } from "convex/react";
import { api } from "../../../convex/_generated/api";
import type { Id } from "../../../convex/_generated/dataModel";
import { USER_SEARCH_MAX } from "../../../convex/lib/admin/rules";
import { Button, Input, Spinner } from "../../ui";
import { UserRow } from "./UserRow";
import { useDebounced } from "../../lib/useDebounced";

const PAGE = 20;

export function UsersTable({ selfId }: { selfId: Id<"users"> | null }) {
  const [search, setSearch] = useState("");
  const query = useDebounced(search.trim());
  const { results, status, loadMore } = usePaginatedQuery(
    api.adminPanel.listUsers,
    { search: query },
    { initialNumItems: PAGE },
  );

  return (
    <section aria-labelledby="users-heading" className="rounded-2xl border border-slate-200 bg-white dark:border-slate-800 dark:bg-slate-900">
      <div className="flex flex-wrap items-end justify-between gap-3 border-b border-slate-200 p-4 dark:border-slate-800">
        <h2 id="users-heading" className="text-lg font-semibold text-slate-900 dark:text-white">
          Users
        </h2>
        <Input
          aria-label="Search users by email"
          type="search"
          placeholder="Search by email…"
          value={search}
          maxLength={USER_SEARCH_MAX}
          onChange={(e) => setSearch(e.target.value)}
          containerClassName="w-full sm:w-72"
        />
      </div>
      {status === "LoadingFirstPage" ? (
        <div className="flex justify-center p-8">
          <Spinner label="Loading users..." />
        </div>
      ) : results.length === 0 ? (
        <p className="p-8 text-center text-sm text-slate-600 dark:text-slate-400">
          {query ? `No users with an email starting “${query}”.` : "No users yet."}
        </p>
      ) : (
        <ul aria-label="Users" className="divide-y divide-slate-200 dark:divide-slate-800">
          {results.map((user) => (
            <UserRow key={user._id} user={user} isSelf={user._id === selfId} />
          ))}
        </ul>
      )}
      {(status === "CanLoadMore" || status === "LoadingMore") && (
        <div className="border-t border-slate-200 p-3 text-center dark:border-slate-800">
          <Button variant="outline" size="sm" loading={status === "LoadingMore"} onClick={() => loadMore(PAGE)}>
            Load more users
          </Button>
        </div>
      )}
    </section>
  );
}
