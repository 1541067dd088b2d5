import type { ReactNode } from "react";
import { CONSOLE_SHOWN, type ConsoleEntry } from "../../../convex/lib/bugReports/rules";
import { cn } from "../../ui";
import { formatTime } from "../../lib/format";

const LEVEL_STYLES: Record<ConsoleEntry["level"], string> = {
  error: "text-red-700 dark:text-red-300",
  warn: "text-amber-700 dark:text-amber-300",
  log: "text-slate-700 dark:text-slate-300",
};

export function PanelHeading({ children }: { children: ReactNode }) {
  return <h3 className="text-sm font-semibold text-slate-900 dark:text-white">{children}</h3>;
}

/** The newest entries (last CONSOLE_SHOWN by default), newest last, and how many there are. */
export function ConsolePanel({ entries, limit = CONSOLE_SHOWN }: { entries: ConsoleEntry[]; limit?: number }) {
  const shown = entries.slice(-limit);
  return (
    <section aria-label="Console entries">
      <div className="flex items-baseline justify-between gap-2">
        <PanelHeading>Console entries</PanelHeading>
        <span className="text-xs text-slate-500 dark:text-slate-400" data-testid="console-total">
          {entries.length === 0
            ? "None captured"
            : `Showing ${shown.length} of ${entries.length} ${entries.length === 1 ? "entry" : "entries"}`}
        </span>
      </div>
      {shown.length > 0 && (
        <ol className="mt-2 max-h-48 overflow-auto rounded-lg bg-slate-50 p-2 font-mono text-xs dark:bg-slate-950">
          {shown.map((entry, i) => (
            <li key={i} className={cn("break-words border-b border-slate-200 py-1 last:border-0 dark:border-slate-800", LEVEL_STYLES[entry.level])}>
              <span className="mr-1 font-semibold uppercase">[{entry.level}]</span>
              {entry.timestamp > 0 && (
                <time className="mr-1 text-slate-500" dateTime={new Date(entry.timestamp).toISOString()}>
                  {formatTime(entry.timestamp)}
                </time>
              )}
              <span className="whitespace-pre-wrap">{entry.message}</span>
            </li>
          ))}
        </ol>
      )}
    </section>
  );
}

export function ContextPanel({ rows }: { rows: [string, ReactNode][] }) {
  return (
    <section aria-label="Context">
      <PanelHeading>Context</PanelHeading>
      <dl className="mt-2 grid grid-cols-[auto_1fr] gap-x-3 gap-y-1 rounded-lg bg-slate-50 p-3 text-sm dark:bg-slate-950">
        {rows.map(([label, value]) => (
          <div key={label} className="contents">
            <dt className="text-slate-500 dark:text-slate-400">{label}</dt>
            <dd className="min-w-0 break-words text-slate-900 dark:text-slate-100">{value}</dd>
          </div>
        ))}
      </dl>
    </section>
  );
}
