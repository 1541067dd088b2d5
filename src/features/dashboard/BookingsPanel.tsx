import { Link } from "react-router";
import { api } from "../../../convex/_generated/api";
import { Card } from "../../ui";
import { formatDateTime } from "../../lib/format";
import { useWorkspaceQuery } from "../../lib/useWorkspace";

const SHOWN = 5;

/** The workspace's calendar: the next bookings, live. */
export function BookingsPanel() {
  const next = useWorkspaceQuery(api.bookings.calendar, { paginationOpts: { numItems: SHOWN, cursor: null } });
  if (next === undefined || next.page.length === 0) return null;
  return (
    <Card title="Upcoming bookings">
      <ul className="flex flex-col gap-2 text-sm" aria-label="Upcoming bookings">
        {next.page.map((b) => (
          <li key={b._id}>
            <Link to={`/assets/${b.assetId}`} className="font-semibold text-indigo-700 hover:underline dark:text-indigo-300">{b.name}</Link>{" "}
            {formatDateTime(b.startAt)} – {formatDateTime(b.endAt)}, for {b.forWhom}
          </li>
        ))}
      </ul>
    </Card>
  );
}
