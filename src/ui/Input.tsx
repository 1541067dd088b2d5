import { useId, type ComponentPropsWithRef, type ReactNode } from "react";
import { cn } from "./cn";

export interface InputProps extends Omit<ComponentPropsWithRef<"input">, "size"> {
  label?: ReactNode;
  /** Shown inline under the field; marks the field invalid. */
  error?: string | null;
  hint?: ReactNode;
  containerClassName?: string;
}

export function Input({ label, error, hint, id, className, containerClassName, ref, ...rest }: InputProps) {
  const autoId = useId();
  const inputId = id ?? autoId;
  const errorId = `${inputId}-error`;
  const hintId = `${inputId}-hint`;
  const describedBy = [error ? errorId : null, hint ? hintId : null, rest["aria-describedby"]]
    .filter(Boolean)
    .join(" ");

  return (
    <div className={cn("flex flex-col gap-1.5", containerClassName)}>
      {label && (
        <label htmlFor={inputId} className="text-sm font-medium text-slate-700 dark:text-slate-200">
          {label}
        </label>
      )}
      <input
        ref={ref}
        id={inputId}
        {...rest}
        aria-invalid={error ? true : rest["aria-invalid"]}
        aria-describedby={describedBy || undefined}
        className={cn(
          "h-11 w-full rounded-lg border bg-white px-3 text-base text-slate-900 shadow-sm transition-colors sm:text-sm",
          "placeholder:text-slate-400 focus:outline-none focus:ring-2 disabled:cursor-not-allowed disabled:opacity-60",
          "dark:bg-slate-900 dark:text-slate-100 dark:placeholder:text-slate-500",
          error
            ? "border-red-500 focus:border-red-500 focus:ring-red-500/30"
            : "border-slate-300 focus:border-indigo-500 focus:ring-indigo-500/30 dark:border-slate-700",
          className,
        )}
      />
      {hint && !error && (
        <p id={hintId} className="text-xs text-slate-500 dark:text-slate-400">
          {hint}
        </p>
      )}
      {error && (
        <p id={errorId} className="text-sm text-red-600 dark:text-red-400">
          {error}
        </p>
      )}
    </div>
  );
}
