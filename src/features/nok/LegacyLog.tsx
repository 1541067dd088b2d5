import type { FunctionReturnType } from "convex/server";
import type { api } from "../../../convex/_generated/api";
import { formatDateTime } from "../../lib/format";

type Events = NonNullable<FunctionReturnType<typeof api.legacy.status>>["events"];

export function LegacyLog({ events }: { events: Events }) {
  if (events.length === 0) return <p className="text-sm text-slate-600 dark:text-slate-400">Nothing has happened yet.</p>;
  return (
    <ol className="flex flex-col gap-2" aria-label="Legacy log">
      {events.map((e) => (
        <li key={e._id} className="flex flex-col gap-0.5 border-l-2 border-indigo-200 pl-3 sm:flex-row sm:gap-3 dark:border-indigo-900">
          <time className="shrink-0 text-xs text-slate-500 tabular-nums sm:w-40 sm:text-sm">{formatDateTime(e.at)}</time>
          <span className="text-sm text-slate-800 dark:text-slate-200">{e.summary}</span>
        </li>
      ))}
    </ol>
  );
}
