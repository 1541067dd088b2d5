import { useId, type AriaAttributes, type ReactNode } from "react";
import { cn } from "./cn";

/** Label, hint and error around one form control; Input, Select and Textarea share it. */
export interface FieldProps {
  label?: ReactNode;
  /** Shown inline under the control; marks it invalid. */
  error?: string | null;
  hint?: ReactNode;
  containerClassName?: string;
}

/** The look every text-like control shares; `error` switches the border to red. */
export function controlClasses(error?: string | null): string {
  return cn(
    "w-full rounded-lg border bg-white text-base text-slate-900 shadow-sm transition-colors sm:text-sm",
    "placeholder:text-slate-400 focus:outline-none focus:ring-2 disabled:cursor-not-allowed disabled:opacity-60",
    "dark:bg-slate-900 dark:text-slate-100 dark:placeholder:text-slate-500",
    error
      ? "border-red-500 focus:border-red-500 focus:ring-red-500/30"
      : "border-slate-300 focus:border-indigo-500 focus:ring-indigo-500/30 dark:border-slate-700",
  );
}

/** The red asterisk after a required field's label (the control itself carries aria-required). */
export function RequiredMark() {
  return (
    <span aria-hidden="true" className="ml-0.5 text-red-600 dark:text-red-400">
      *
    </span>
  );
}

type ControlA11y = {
  id: string;
  "aria-invalid"?: AriaAttributes["aria-invalid"];
  "aria-describedby"?: string;
  "aria-required"?: AriaAttributes["aria-required"];
};

/**
 * Renders the frame and hands the control the id and aria attributes it needs.
 * `invalid` and `describedBy` are the aria-invalid / aria-describedby the caller already set;
 * `required` marks the label with a red asterisk and the control with aria-required.
 */
export function Field({
  id,
  label,
  error,
  hint,
  containerClassName,
  invalid,
  describedBy,
  required = false,
  children,
}: FieldProps & {
  id?: string;
  invalid?: AriaAttributes["aria-invalid"];
  describedBy?: string;
  required?: boolean;
  children: (a11y: ControlA11y) => ReactNode;
}) {
  const autoId = useId();
  const controlId = id ?? autoId;
  const errorId = `${controlId}-error`;
  const hintId = `${controlId}-hint`;
  const ids = [error ? errorId : null, hint && !error ? hintId : null, describedBy].filter(Boolean).join(" ");
  return (
    <div className={cn("flex flex-col gap-1.5", containerClassName)}>
      {label && (
        // The asterisk sits beside the label, not in it: the field's name stays its label.
        <div className="flex items-baseline">
          <label htmlFor={controlId} className="text-sm font-medium text-slate-700 dark:text-slate-200">
            {label}
          </label>
          {required && <RequiredMark />}
        </div>
      )}
      {children({ id: controlId, "aria-invalid": error ? true : invalid, "aria-describedby": ids || undefined, "aria-required": required || undefined })}
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
