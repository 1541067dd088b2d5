import { usePaginatedQuery } from "convex/react";
import { useState } from "react";
import { Link, useSearchParams } from "react-router";
import { api } from "../../../convex/_generated/api";
import type { Id } from "../../../convex/_generated/dataModel";
import { can } from "../../../convex/lib/workspaces/rules";
import { formatDateTime } from "../../lib/format";
import { useWorkspace } from "../../lib/useWorkspace";
import { Button, PageSpinner, QueryErrorBoundary } from "../../ui";
import { AuditStatusBadge, LoadFailed, progressText } from "./AuditParts";
import { StartAuditModal } from "./StartAuditModal";

const PAGE = 20;

function AuditList({ workspaceId }: { workspaceId: Id<"workspaces"> }) {
  const { results, status, loadMore } = usePaginatedQuery(api.audits.list, { workspaceId }, { initialNumItems: PAGE });
  if (status === "LoadingFirstPage") return <PageSpinner label="Loading audits..." />;
  if (results.length === 0) {
    return (
      <p className="mt-6 rounded-2xl border border-dashed border-slate-300 p-8 text-center text-sm text-slate-600 dark:border-slate-700 dark:text-slate-400">
        No audits yet. Start one to walk a room, a category or everything with a scanner and tick off what is there.
      </p>
    );
  }
  return (
    <>
      <ul aria-label="Audits" className="mt-6 flex flex-col gap-3">
        {results.map((a) => (
          <li key={a._id} className="rounded-2xl border border-slate-200 bg-white p-4 dark:border-slate-800 dark:bg-slate-900">
            <div className="flex flex-wrap items-center justify-between gap-2">
              <Link to={`/audits/${a._id}`} className="break-words text-lg font-semibold text-indigo-700 hover:underline dark:text-indigo-300">{a.name}</Link>
              <AuditStatusBadge status={a.status} />
            </div>
            <p className="mt-1 text-sm text-slate-700 dark:text-slate-300">
              {progressText(a)}
              {a.moved + a.unexpected > 0 && `, ${a.moved + a.unexpected} not on the list`}
            </p>
            <p className="text-xs text-slate-500 dark:text-slate-400">
              Started by {a.startedBy}, <time dateTime={new Date(a.startedAt).toISOString()}>{formatDateTime(a.startedAt)}</time>
            </p>
          </li>
        ))}
      </ul>
      {(status === "CanLoadMore" || status === "LoadingMore") && (
        <Button variant="outline" size="sm" className="mt-4" loading={status === "LoadingMore"} onClick={() => loadMore(PAGE)}>Older audits</Button>
      )}
    </>
  );
}

/** /audits: the workspace's audits (stock-takes) with their progress, and starting one. ?location= opens the start dialog for it. */
export default function AuditsPage() {
  const { current, workspaces } = useWorkspace();
  const [params, setParams] = useSearchParams();
  const locationId = params.get("location") ?? "";
  const [starting, setStarting] = useState(locationId !== "");
  if (workspaces === undefined || current === null) return <PageSpinner label="Loading audits..." />;
  const personal = current.kind === "personal";
  const openDialog = (open: boolean) => {
    setStarting(open);
    if (!open && locationId !== "") setParams((p) => { p.delete("location"); return p; }, { replace: true });
  };
  return (
    <section className="mx-auto w-full max-w-3xl px-4 py-8 sm:px-6 sm:py-12">
      <Link to="/assets" className="text-sm text-indigo-600 hover:underline dark:text-indigo-400">← My assets</Link>
      <div className="mt-4 flex flex-wrap items-center justify-between gap-3">
        <h1 className="text-3xl font-bold tracking-tight text-slate-900 dark:text-white">Audits</h1>
        {can(current.role, "audit") && <Button onClick={() => openDialog(true)}>{personal ? "Start yearly check" : "Start audit"}</Button>}
      </div>
      <p className="mt-1 text-sm text-slate-600 dark:text-slate-400">
        {personal ? "Once a year, check that everything you own is still where it should be." : "Walk a place with a scanner and tick off what is there; everyone scanning sees the others' progress live."}
      </p>
      <QueryErrorBoundary fallback={(error, retry) => <LoadFailed error={error} retry={retry} what="the audits" />}>
        <AuditList workspaceId={current._id} />
      </QueryErrorBoundary>
      {starting && <StartAuditModal open={starting} onOpenChange={openDialog} personal={personal} locationId={locationId} />}
    </section>
  );
}
