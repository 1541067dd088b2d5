import { api } from "../../../convex/_generated/api";
import type { Id } from "../../../convex/_generated/dataModel";
import type { AssetSummary } from "../../../convex/lib/assets/read";
import { Badge, type Column } from "../../ui";
import { formatDate } from "../../lib/format";
import { useNow } from "../../lib/useNow";
import { useWorkspaceQuery } from "../../lib/useWorkspace";

/** The list's "Custody" column: who holds each item of the page and until when, live (one query per page). */
export function useCustodyColumn(ids: Id<"assets">[]): Column<AssetSummary> {
  const loans = useWorkspaceQuery(api.custody.forAssets, ids.length === 0 ? "skip" : { ids });
  const now = useNow({ everyMs: 60_000 });
  const byAsset = new Map((loans ?? []).map((l) => [l.assetId as string, l]));
  return {
    key: "custody",
    header: "Custody",
    cell: (a) => {
      const loan = byAsset.get(a._id);
      if (loan === undefined) return <span className="text-slate-500 dark:text-slate-400">In</span>;
      return (
        <span className="flex flex-wrap items-center gap-1">
          {loan.borrowerName}, due {formatDate(loan.dueAt)} {(loan.overdue || loan.dueAt < now) && <Badge tone="red">Overdue</Badge>}
        </span>
      );
    },
  };
}
