import { useConvex, useQuery } from "convex/react";
import { toast } from "sonner";
import { api } from "../../../convex/_generated/api";
import type { Id } from "../../../convex/_generated/dataModel";
import { USER_SEARCH_MAX, USER_SORTS, type AdminUserRow } from "../../../convex/lib/admin/rules";
import { Button, Input, type Column } from "../../ui";
import { FlagBoxes, RoleSelect, UserIdentity, userName } from "./UserRow";
import { UserDataActions } from "./UserDataActions";
import { collectIds, itemsText } from "../../lib/bulk";
import { useBulkRun } from "../../lib/BulkBar";
import { exportSelection } from "../../lib/exportCsv";
import { formatDate, formatDateTime } from "../../lib/format";
import { useListParams, useSearchParamText } from "../../lib/listParams";
import { PagedTable } from "../../lib/PagedTable";
import { useCursorPages } from "../../lib/useCursorPages";
import { useSelection } from "../../lib/useSelection";

const PAGE = 25;

function columns(selfId: Id<"users"> | null): Column<AdminUserRow>[] {
  return [
    { key: "user", header: "User", sort: { asc: "email", desc: "email_desc" }, cell: (u) => <UserIdentity user={u} isSelf={u._id === selfId} /> },
    { key: "role", header: "Role", cell: (u) => <RoleSelect user={u} isSelf={u._id === selfId} /> },
    { key: "flags", header: "Features", cell: (u) => <FlagBoxes user={u} isSelf={u._id === selfId} /> },
    // GDPR requests by e-mail: account deletion run for the user.
    { key: "data", header: "Data requests", cell: (u) => <UserDataActions user={u} isSelf={u._id === selfId} /> },
    {
      key: "joined",
    wideOnly: true,
      header: "Joined",
      sort: { asc: "oldest", desc: "newest", first: "desc" },
      cell: (u) => <span className="whitespace-nowrap">{formatDate(u._creationTime)}</span>,
    },
  ];
}

/** The users: search by email prefix, sort, exact totals, pages, and export of a selection. */
export function UsersTable({ selfId }: { selfId: Id<"users"> | null }) {
  const client = useConvex();
  const list = useListParams();
  const sort = list.get("sort", USER_SORTS) ?? "newest";
  const search = useSearchParamText(list);
  const filter = { search: search.query.slice(0, USER_SEARCH_MAX), sort };
  const pages = useCursorPages(api.adminPanel.listUsers, filter, PAGE);
  const total = useQuery(api.adminPanel.userCount, { search: filter.search });
  const selection = useSelection(JSON.stringify(filter));
  const bulk = useBulkRun();
  const ids = [...selection.ids] as Id<"users">[];
  const exportCsv = () =>
    bulk.run("Exporting", ids.length, async (report) => {
      const n = await exportSelection(
        ids,
        (batch) => client.query(api.adminPanel.userRows, { ids: batch as Id<"users">[] }),
        [
          ["email", (u) => u.email ?? ""],
          ["phone", (u) => u.phone ?? ""],
          ["name", (u) => u.fullName ?? ""],
          ["role", (u) => u.role],
          ["business", (u) => (u.isBusinessUser ? "yes" : "no")],
          ["admin_influencer", (u) => (u.isAdminInfluencer ? "yes" : "no")],
          ["joined", (u) => new Date(u._creationTime).toISOString().slice(0, 10)],
          ["last_active", (u) => (u.lastActiveAt === null ? "" : formatDateTime(u.lastActiveAt))],
        ],
        "users",
        report,
      );
      toast.success(`Exported ${itemsText(n, "user")}`);
    }, "Could not export the selection");

  return (
    <section aria-labelledby="users-heading" className="min-w-0 rounded-2xl border border-slate-200 bg-white p-4 dark:border-slate-800 dark:bg-slate-900">
      <div className="mb-4 flex flex-wrap items-end justify-between gap-3">
        <h2 id="users-heading" className="text-lg font-semibold text-slate-900 dark:text-white">
          Users
        </h2>
        <Input
          aria-label="Search users by email"
          type="search"
          placeholder="Search by email…"
          value={search.text}
          maxLength={USER_SEARCH_MAX}
          onChange={(e) => search.setText(e.target.value)}
          containerClassName="w-full sm:w-72"
        />
      </div>
      <PagedTable
        caption="Users"
        columns={columns(selfId)}
        pages={pages}
        pageSize={PAGE}
        total={total}
        noun="user"
        rowId={(u) => u._id}
        rowLabel={userName}
        sort={sort}
        onSort={(s) => list.set({ sort: s === "newest" ? undefined : s })}
        selection={selection}
        bulk={bulk}
        matchingIds={(onProgress) => collectIds((cursor) => client.query(api.adminPanel.userIds, { ...filter, cursor }), onProgress)}
        actions={<Button size="sm" variant="outline" onClick={() => void exportCsv()} disabled={ids.length === 0 || bulk.busy}>Export CSV</Button>}
        empty={
          <p className="p-8 text-center text-sm text-slate-600 dark:text-slate-400">
            {search.query ? `No users with an email starting “${search.query}”.` : "No users yet."}
          </p>
        }
      />
    </section>
  );
}
