import { useRef, type KeyboardEvent, type ReactNode } from "react";
import { cn } from "./cn";

type Option<V extends string> = { value: V; label: ReactNode; description?: ReactNode };

const NEXT: Record<string, number> = { ArrowRight: 1, ArrowDown: 1, ArrowLeft: -1, ArrowUp: -1 };

/**
 * A radio group drawn as cards, with the ARIA radio group's keyboard: one tab stop (the checked
 * card), arrow keys move and choose, Home and End go to the ends.
 */
export function RadioCards<V extends string>({ label, value, options, onChange, className }: {
  label: string;
  value: V;
  options: readonly Option<V>[];
  onChange: (value: V) => void;
  className?: string;
}) {
  const cards = useRef<(HTMLButtonElement | null)[]>([]);
  const checkedIndex = Math.max(0, options.findIndex((o) => o.value === value));

  function choose(index: number) {
    const i = (index + options.length) % options.length;
    onChange(options[i].value);
    cards.current[i]?.focus();
  }

  function onKeyDown(event: KeyboardEvent<HTMLButtonElement>, index: number) {
    if (event.key in NEXT) choose(index + NEXT[event.key]);
    else if (event.key === "Home") choose(0);
    else if (event.key === "End") choose(options.length - 1);
    else return;
    event.preventDefault();
  }

  return (
    <div role="radiogroup" aria-label={label} className={className}>
      {options.map((option, index) => {
        const checked = index === checkedIndex;
        return (
          <button
            key={option.value}
            ref={(el) => {
              cards.current[index] = el;
            }}
            type="button"
            role="radio"
            aria-checked={checked}
            tabIndex={checked ? 0 : -1}
            onClick={() => onChange(option.value)}
            onKeyDown={(e) => onKeyDown(e, index)}
            className={cn(
              "rounded-xl border p-3 text-left transition-colors focus-visible:outline-2 focus-visible:outline-indigo-500",
              checked ? "border-indigo-500 bg-indigo-50 dark:bg-indigo-950" : "border-slate-200 hover:bg-slate-50 dark:border-slate-700 dark:hover:bg-slate-800",
            )}
          >
            <span className="block text-sm font-semibold text-slate-900 dark:text-white">{option.label}</span>
            {option.description && <span className="mt-0.5 block text-xs text-slate-600 dark:text-slate-400">{option.description}</span>}
          </button>
        );
      })}
    </div>
  );
}
