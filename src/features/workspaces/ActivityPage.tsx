import { usePaginatedQuery } from "convex/react";
import { useParams } from "react-router";
import { api } from "../../../convex/_generated/api";
import { formatDateTime } from "../../lib/format";
import { Button, Card, PageSpinner } from "../../ui";
import { WorkspaceFrame, type CurrentWorkspace } from "./WorkspaceFrame";
import { WS_TEXT } from "./workspaceText";

const PAGE = 20;

function Feed({ ws }: { ws: CurrentWorkspace }) {
  const { results, status, loadMore } = usePaginatedQuery(api.workspaceActivity.feed, { workspaceId: ws._id }, { initialNumItems: PAGE });
  if (status === "LoadingFirstPage") return <PageSpinner label="Loading activity..." />;
  if (results.length === 0) return <p className="text-sm text-slate-600 dark:text-slate-400">{WS_TEXT.noActivity}</p>;
  return (
    <>
      <ol aria-label={WS_TEXT.activityTitle} className="flex flex-col gap-3">
        {results.map((e) => (
          <li key={e._id} className="border-l-2 border-indigo-300 pl-3 text-sm dark:border-indigo-700">
            <p className="break-words text-slate-800 dark:text-slate-200">
              <span className="font-medium">{e.actor}</span> {e.text}
            </p>
            <p className="text-xs text-slate-500 dark:text-slate-400"><time dateTime={new Date(e.at).toISOString()}>{formatDateTime(e.at)}</time></p>
          </li>
        ))}
      </ol>
      {(status === "CanLoadMore" || status === "LoadingMore") && (
        <Button variant="outline" size="sm" className="mt-4" loading={status === "LoadingMore"} onClick={() => loadMore(PAGE)}>
          {WS_TEXT.olderActivity}
        </Button>
      )}
    </>
  );
}

/** /workspaces/:workspaceId/activity: who did what, newest first, live. */
export default function ActivityPage() {
  const { workspaceId = "" } = useParams();
  return (
    <WorkspaceFrame workspaceId={workspaceId}>
      {(ws) => (
        <Card title={WS_TEXT.activityTitle}>
          <Feed ws={ws} />
        </Card>
      )}
    </WorkspaceFrame>
  );
}
