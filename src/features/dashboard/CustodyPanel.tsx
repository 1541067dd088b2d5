import { Link } from "react-router";
import { api } from "../../../convex/_generated/api";
import { Badge, Card } from "../../ui";
import { formatDateTime } from "../../lib/format";
import { useNow } from "../../lib/useNow";
import { useWorkspaceQuery } from "../../lib/useWorkspace";

const SHOWN = 5;

/** What is out of the workspace now, soonest due first, live; the full list is one click away. */
export function CustodyPanel() {
  const out = useWorkspaceQuery(api.custody.list, { filter: "out", paginationOpts: { numItems: SHOWN, cursor: null } });
  const now = useNow({ everyMs: 60_000 });
  if (out === undefined || out.page.length === 0) return null;
  return (
    <Card title="Checked out" description="Items lent out now, soonest due first.">
      <ul className="flex flex-col gap-2 text-sm" aria-label="Checked out">
        {out.page.map((l) => (
          <li key={l._id} className="flex flex-wrap items-center gap-2">
            <Link to={`/assets/${l.assetId}`} className="font-semibold text-indigo-700 hover:underline dark:text-indigo-300">{l.name}</Link>
            <span>to {l.borrowerName}, due {formatDateTime(l.dueAt)}</span>
            {(l.overdue || l.dueAt < now) && <Badge tone="red">Overdue</Badge>}
          </li>
        ))}
      </ul>
      <div className="mt-3 flex flex-wrap gap-x-4 gap-y-1 text-sm">
        <Link to="/assets?custody=out" className="text-indigo-600 hover:underline dark:text-indigo-400">All checked-out items</Link>
        <Link to="/scan?mode=checkIn" className="text-indigo-600 hover:underline dark:text-indigo-400">Check in by scanning</Link>
      </div>
    </Card>
  );
}
