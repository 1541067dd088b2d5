import type { ReactNode } from "react";
import { api } from "../../../convex/_generated/api";
import type { Id } from "../../../convex/_generated/dataModel";
import type { AssetSummary } from "../../../convex/lib/assets/read";
import { Badge, type Column } from "../../ui";
import { formatDate } from "../../lib/format";
import { useNow } from "../../lib/useNow";
import { useWorkspaceQuery } from "../../lib/useWorkspace";

/**
 * The list's custody, live (one query per page): the "Custody" column (who holds each item and
 * until when) on wide screens, and `outNote` for a phone, where the column gives way and only an
 * item that is out says so, under its name.
 */
export function useCustodyColumn(ids: Id<"assets">[]): { column: Column<AssetSummary>; outNote: (a: AssetSummary) => ReactNode } {
  const loans = useWorkspaceQuery(api.custody.forAssets, ids.length === 0 ? "skip" : { ids });
  const now = useNow({ everyMs: 60_000 });
  const byAsset = new Map((loans ?? []).map((l) => [l.assetId as string, l]));
  const out = (a: AssetSummary) => {
    const loan = byAsset.get(a._id);
    if (loan === undefined) return null;
    return (
      <>
        {loan.borrowerName}, due {formatDate(loan.dueAt)} {(loan.overdue || loan.dueAt < now) && <Badge tone="red">Overdue</Badge>}
      </>
    );
  };
  return {
    column: {
      key: "custody",
      header: "Custody",
      wideOnly: true,
      cell: (a) => {
        const loan = out(a);
        if (loan === null) return <span className="text-slate-500 dark:text-slate-400">In</span>;
        return <span className="flex flex-wrap items-center gap-1">{loan}</span>;
      },
    },
    outNote: (a) => {
      const loan = out(a);
      return loan && <span className="mt-0.5 flex flex-wrap items-center gap-1 text-xs text-slate-600 md:hidden dark:text-slate-300">Out: {loan}</span>;
    },
  };
}
