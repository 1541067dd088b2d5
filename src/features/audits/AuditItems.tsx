import { useState } from "react";
import { Link } from "react-router";
import { api } from "../../../convex/_generated/api";
import type { Id } from "../../../convex/_generated/dataModel";
import { AUDIT_STATE_LABELS } from "../../../convex/lib/audits/rules";
import { AUDIT_ITEM_STATES, type AuditItemState, type AuditView } from "../../../convex/lib/audits/tables";
import { formatNumber, formatTime } from "../../lib/format";
import { useCursorPages } from "../../lib/useCursorPages";
import { useWorkspace } from "../../lib/useWorkspace";
import { Button, Pager, Spinner } from "../../ui";
import { missingOf } from "./AuditParts";

const PAGE = 50;

const EMPTY: Record<AuditItemState, string> = {
  pending: "Nothing missing: every expected item has been found.",
  found: "Nothing found yet. Scan a label to tick its item.",
  moved: "No item registered elsewhere has been found here.",
  unexpected: "No item outside the list has been scanned.",
};

function countOf(audit: AuditView, state: AuditItemState): number {
  return state === "pending" ? missingOf(audit) : audit[state];
}

/** The audit's items by result, a filter button for each (with its count), live, page by page. */
export function AuditItems({ audit, onTick }: { audit: AuditView; onTick: ((assetId: Id<"assets">) => void) | null }) {
  const [state, setState] = useState<AuditItemState>("pending");
  const { workspaceId } = useWorkspace();
  const pages = useCursorPages(api.audits.items, workspaceId === null ? "skip" : { workspaceId, auditId: audit._id, state }, PAGE);
  const label = AUDIT_STATE_LABELS[state];
  return (
    <section aria-labelledby="audit-items-heading">
      <h2 id="audit-items-heading" className="text-lg font-semibold text-slate-900 dark:text-white">Items</h2>
      <div role="group" aria-label="Show" className="mt-2 flex flex-wrap gap-2">
        {AUDIT_ITEM_STATES.map((s) => (
          <Button key={s} size="sm" variant={s === state ? "primary" : "outline"} aria-pressed={s === state} onClick={() => setState(s)}>
            {AUDIT_STATE_LABELS[s]} ({formatNumber(countOf(audit, s))})
          </Button>
        ))}
      </div>
      {pages.loading ? (
        <div className="mt-4"><Spinner label={`Loading ${label.toLowerCase()} items...`} /></div>
      ) : pages.rows.length === 0 ? (
        <p className="mt-4 text-sm text-slate-600 dark:text-slate-400">{EMPTY[state]}</p>
      ) : (
        <ul aria-label={`${label} items`} className="mt-4 flex flex-col divide-y divide-slate-200 dark:divide-slate-800">
          {pages.rows.map((row) => (
            <li key={row._id} className="flex flex-wrap items-center justify-between gap-2 py-2">
              <div className="min-w-0">
                <Link to={`/assets/${row.assetId}`} className="break-words font-medium text-indigo-700 hover:underline dark:text-indigo-300">{row.name}</Link>
                <p className="font-mono text-xs text-slate-600 dark:text-slate-400">{row.serial}</p>
                <p className="text-xs text-slate-600 dark:text-slate-400">
                  {row.registeredAt !== null && <>Registered at {row.registeredAt}</>}
                  {row.foundBy !== null && row.foundAt !== null && <>{row.registeredAt !== null && " · "}Scanned by {row.foundBy} at {formatTime(row.foundAt)}</>}
                  {row.resolved === "markedLost" && " · Marked lost"}
                  {row.resolved === "movedIn" && " · Moved in"}
                </p>
              </div>
              {state === "pending" && onTick !== null && (
                <Button size="sm" variant="outline" onClick={() => onTick(row.assetId)} aria-label={`Tick ${row.name} as found`}>Tick</Button>
              )}
            </li>
          ))}
        </ul>
      )}
      {(pages.canPrevious || pages.canNext) && (
        <Pager
          page={pages.page}
          pageCount={Math.max(1, Math.ceil(countOf(audit, state) / PAGE))}
          canPrevious={pages.canPrevious}
          canNext={pages.canNext}
          onFirst={pages.first}
          onPrevious={pages.previous}
          onNext={pages.next}
          summary={`${formatNumber(countOf(audit, state))} ${label.toLowerCase()}`}
        />
      )}
    </section>
  );
}
