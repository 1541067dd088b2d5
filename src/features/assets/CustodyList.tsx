import { useConvex } from "convex/react";
import { Link } from "react-router";
import { toast } from "sonner";
import { api } from "../../../convex/_generated/api";
import type { Id } from "../../../convex/_generated/dataModel";
import { LOANS_COLUMN_MAX, type CustodyFilter } from "../../../convex/lib/custody/rules";
import { can } from "../../../convex/lib/workspaces/rules";
import { Badge, Button, type Column } from "../../ui";
import { collectIds, inBatches, itemsText } from "../../lib/bulk";
import { useBulkRun } from "../../lib/BulkBar";
import { formatDateTime } from "../../lib/format";
import { PagedTable } from "../../lib/PagedTable";
import { useCursorPages } from "../../lib/useCursorPages";
import { useNow } from "../../lib/useNow";
import { useSelection } from "../../lib/useSelection";
import { useWorkspace, useWorkspaceMutation } from "../../lib/useWorkspace";

const PAGE_SIZE = 50;
type Row = { _id: string; assetId: Id<"assets">; name: string; serial: string; borrowerName: string; dueAt: number; overdue: boolean; accepted: boolean };

function columns(now: number): Column<Row>[] {
  return [
    { key: "name", header: "Name", cell: (l) => <Link to={`/assets/${l.assetId}`} className="font-semibold text-indigo-700 hover:underline dark:text-indigo-300">{l.name}</Link> },
    { key: "serial", wideOnly: true, header: "Serial", cell: (l) => <span className="font-mono text-xs">{l.serial}</span> },
    { key: "borrower", header: "Checked out to", cell: (l) => l.borrowerName },
    {
      key: "due",
      header: "Due",
      cell: (l) => (
        <span className="flex flex-wrap items-center gap-1 whitespace-nowrap">
          {formatDateTime(l.dueAt)} {(l.overdue || l.dueAt < now) && <Badge tone="red">Overdue</Badge>}
        </span>
      ),
    },
    { key: "accepted", wideOnly: true, header: "Accepted", cell: (l) => (l.accepted ? "Yes" : "Not yet") },
  ];
}

/** The lists' custody view: checked-out (or overdue) items, or those one borrower holds, soonest due first; checked in together. */
export function CustodyList({ filter, borrower }: { filter: CustodyFilter; borrower: string | undefined }) {
  const client = useConvex();
  const workspace = useWorkspace();
  const args = { filter, borrower };
  const pages = useCursorPages(api.custody.list, workspace.workspaceId === null ? "skip" : { ...args, workspaceId: workspace.workspaceId }, PAGE_SIZE);
  const selection = useSelection(JSON.stringify(args));
  const bulk = useBulkRun();
  const checkIn = useWorkspaceMutation(api.custody.checkIn);
  const now = useNow({ everyMs: 60_000 });
  const ids = [...selection.ids] as Id<"assets">[];
  const checkInAll = () =>
    bulk.run("Checking in", ids.length, async (report) => {
      const results = await inBatches(ids, (batch) => checkIn({ assetIds: batch as Id<"assets">[] }), report);
      selection.clear();
      toast.success(`Checked in ${itemsText(results.reduce((n, r) => n + r.returned, 0))}`);
    }, "Could not check the items in");
  return (
    <PagedTable
      caption="Checked-out items"
      columns={columns(now)}
      pages={pages}
      pageSize={PAGE_SIZE}
      total={null}
      noun="item"
      rowId={(l) => l.assetId}
      rowLabel={(l) => `${l.name} (${l.serial})`}
      sort="due"
      onSort={() => {}}
      selection={selection}
      bulk={bulk}
      matchingIds={(onProgress) =>
        collectIds(async (cursor) => {
          const page = await client.query(api.custody.list, workspace.inCurrent({ ...args, paginationOpts: { numItems: LOANS_COLUMN_MAX, cursor } }));
          return { ids: page.page.map((l) => l.assetId), isDone: page.isDone, continueCursor: page.continueCursor };
        }, onProgress)
      }
      actions={can(workspace.current?.role, "edit") && <Button size="sm" variant="outline" disabled={ids.length === 0 || bulk.busy} onClick={() => void checkInAll()}>Check in</Button>}
      empty={
        <div className="rounded-2xl border border-dashed border-slate-300 p-10 text-center dark:border-slate-700">
          <p className="font-semibold text-slate-900 dark:text-white">{filter === "overdue" ? "Nothing is overdue" : "Nothing is checked out"}</p>
        </div>
      }
    />
  );
}
