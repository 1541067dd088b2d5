import { useQuery } from "convex/react";
import type { FunctionReturnType } from "convex/server";
import type { ReactNode } from "react";
import { Link, NavLink } from "react-router";
import { api } from "../../../convex/_generated/api";
import type { Id } from "../../../convex/_generated/dataModel";
import { ROLE_LABELS } from "../../../convex/lib/workspaces/rules";
import { Badge, Card, PageSpinner, QueryErrorBoundary, cn } from "../../ui";
import { activityPath, membersPath } from "./paths";
import { KIND_LABELS, WS_TEXT } from "./workspaceText";

export type CurrentWorkspace = NonNullable<FunctionReturnType<typeof api.workspaces.current>>;

function NotFound() {
  return (
    <Card title={WS_TEXT.listTitle} titleAs="h1">
      <p role="alert" className="text-slate-700 dark:text-slate-300">{WS_TEXT.notFound}</p>
      <Link to="/workspaces" className="mt-3 inline-block text-indigo-700 underline dark:text-indigo-300">{WS_TEXT.backToWorkspaces}</Link>
    </Card>
  );
}

function Frame({ workspaceId, children }: { workspaceId: Id<"workspaces">; children: (ws: CurrentWorkspace) => ReactNode }) {
  // Null for a workspace that is gone or that the caller was just removed from: the page empties live.
  const ws = useQuery(api.workspaces.current, { workspaceId });
  if (ws === undefined) return <PageSpinner label="Loading workspace..." />;
  if (ws === null) return <NotFound />;
  const tab = ({ isActive }: { isActive: boolean }) =>
    cn(
      "rounded-lg px-3 py-2 text-sm font-medium",
      isActive ? "bg-indigo-600 text-white" : "text-slate-700 hover:bg-slate-100 dark:text-slate-300 dark:hover:bg-slate-800",
    );
  return (
    <>
      <div className="flex flex-col gap-3">
        <h1 className="break-words text-3xl font-bold tracking-tight text-slate-900 dark:text-white">{ws.name}</h1>
        <p className="flex flex-wrap items-center gap-2 text-sm text-slate-600 dark:text-slate-400">
          <Badge tone="slate" size="sm">{KIND_LABELS[ws.kind]}</Badge>
          <span>Your role: {ROLE_LABELS[ws.role]}</span>
        </p>
        <nav aria-label="Workspace" className="flex gap-2">
          <NavLink to={membersPath(ws._id)} className={tab}>{WS_TEXT.membersTitle}</NavLink>
          <NavLink to={activityPath(ws._id)} className={tab}>{WS_TEXT.activityTitle}</NavLink>
        </nav>
      </div>
      {children(ws)}
    </>
  );
}

/** A workspace screen: its name, kind and the caller's role, tabs, and `children` for a member. */
export function WorkspaceFrame({ workspaceId, children }: { workspaceId: string; children: (ws: CurrentWorkspace) => ReactNode }) {
  return (
    <section className="mx-auto flex w-full max-w-4xl flex-col gap-6 px-4 py-8 sm:px-6 sm:py-12">
      {/* An address whose id is malformed is refused by the server's validator: it reads as not found. */}
      <QueryErrorBoundary key={workspaceId} fallback={() => <NotFound />}>
        <Frame workspaceId={workspaceId as Id<"workspaces">}>{children}</Frame>
      </QueryErrorBoundary>
    </section>
  );
}
