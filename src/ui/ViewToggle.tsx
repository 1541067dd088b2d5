import { cn } from "./cn";

/** Table or cards: two pressed-state buttons. */
export function ViewToggle<V extends string>({ value, options, onChange }: { value: V; options: readonly [V, string][]; onChange: (v: V) => void }) {
  return (
    <div role="group" aria-label="View" className="inline-flex rounded-lg border border-slate-300 p-0.5 dark:border-slate-600">
      {options.map(([v, label]) => (
        <button
          key={v}
          type="button"
          aria-pressed={value === v}
          onClick={() => onChange(v)}
          className={cn(
            "h-9 rounded-md px-3 text-sm font-semibold focus-visible:outline-2 focus-visible:outline-indigo-500",
            value === v ? "bg-indigo-600 text-white" : "text-slate-700 hover:bg-slate-100 dark:text-slate-200 dark:hover:bg-slate-800",
          )}
        >
          {label}
        </button>
      ))}
    </div>
  );
}
