import { useId, type ComponentPropsWithRef, type ReactNode } from "react";
import { cn } from "../../ui";

const control =
  "w-full rounded-lg border bg-white px-3 text-base text-slate-900 shadow-sm focus:outline-none focus:ring-2 sm:text-sm " +
  "dark:bg-slate-900 dark:text-slate-100";
const ok = "border-slate-300 focus:border-indigo-500 focus:ring-indigo-500/30 dark:border-slate-700";
const bad = "border-red-500 focus:border-red-500 focus:ring-red-500/30";

type Wrap = { label: ReactNode; error?: string; hint?: ReactNode; className?: string };

function Frame({ id, label, error, hint, className, children }: Wrap & { id: string; children: ReactNode }) {
  return (
    <div className={cn("flex flex-col gap-1.5", className)}>
      <label htmlFor={id} className="text-sm font-medium text-slate-700 dark:text-slate-200">{label}</label>
      {children}
      {hint && !error && <p id={`${id}-hint`} className="text-xs text-slate-500 dark:text-slate-400">{hint}</p>}
      {error && <p id={`${id}-error`} className="text-sm text-red-600 dark:text-red-400">{error}</p>}
    </div>
  );
}

const describedBy = (id: string, error?: string, hint?: ReactNode) =>
  [error ? `${id}-error` : null, hint && !error ? `${id}-hint` : null].filter(Boolean).join(" ") || undefined;

export function SelectField({ label, error, hint, className, children, ...rest }: Wrap & ComponentPropsWithRef<"select">) {
  const id = useId();
  return (
    <Frame id={id} label={label} error={error} hint={hint} className={className}>
      <select id={id} {...rest} aria-invalid={error ? true : undefined} aria-describedby={describedBy(id, error, hint)}
        className={cn(control, "h-11", error ? bad : ok)}>
        {children}
      </select>
    </Frame>
  );
}

export function TextAreaField({ label, error, hint, className, ...rest }: Wrap & ComponentPropsWithRef<"textarea">) {
  const id = useId();
  return (
    <Frame id={id} label={label} error={error} hint={hint} className={className}>
      <textarea id={id} rows={3} {...rest} aria-invalid={error ? true : undefined} aria-describedby={describedBy(id, error, hint)}
        className={cn(control, "py-2", error ? bad : ok)} />
    </Frame>
  );
}
