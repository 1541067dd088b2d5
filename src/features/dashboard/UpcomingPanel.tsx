import { Link } from "react-router";
import { api } from "../../../convex/_generated/api";
import { dayOf, daysUntil, UPCOMING_DAYS } from "../../../convex/lib/upkeep/rules";
import { Badge, Card } from "../../ui";
import { formatDay } from "../../lib/format";
import { useNow } from "../../lib/useNow";
import { useWorkspaceQuery } from "../../lib/useWorkspace";

/** Warranties ending and services falling due within UPCOMING_DAYS, soonest first, live. */
export function UpcomingPanel() {
  const today = dayOf(useNow({ everyMs: 60 * 60_000 }));
  const items = useWorkspaceQuery(api.maintenance.upcoming, { today });
  if (items === undefined || items === null || items.length === 0) return null;
  return (
    <Card title="Upcoming" description={`Warranties ending and services due in the next ${UPCOMING_DAYS} days.`}>
      <ul className="flex flex-col gap-2 text-sm" aria-label="Upcoming">
        {items.map((item, index) => {
          const days = daysUntil(item.dueOn, today);
          return (
            <li key={`${index}:${item.about}:${item.assetId}`} className="flex flex-wrap items-center gap-2">
              <Link to={`/assets/${item.assetId}`} className="font-semibold text-indigo-700 hover:underline dark:text-indigo-300">{item.name}</Link>
              <span>{item.about === "warranty" ? "warranty ends" : `${item.title} due`} {formatDay(item.dueOn)}</span>
              {days <= 0 ? <Badge tone="red">{item.about === "warranty" ? "Ends today" : "Due"}</Badge> : days <= 7 && <Badge tone="amber">In {days} {days === 1 ? "day" : "days"}</Badge>}
            </li>
          );
        })}
      </ul>
    </Card>
  );
}
