import type { ComponentPropsWithRef } from "react";
import { cn } from "./cn";
import { controlClasses, Field, type FieldProps } from "./Field";

export interface InputProps extends Omit<ComponentPropsWithRef<"input">, "size">, FieldProps {
  /** The unit of the value ("TMT"), shown inside the field's end and read as its description. */
  unit?: string;
}

export function Input({ label, error, hint, id, className, containerClassName, unit, ref, ...rest }: InputProps) {
  return (
    <Field {...{ id, label, error, hint, containerClassName }} invalid={rest["aria-invalid"]} describedBy={rest["aria-describedby"]} required={rest.required}>
      {(a11y) =>
        unit === undefined ? (
          <input ref={ref} {...rest} {...a11y} className={cn(controlClasses(error), "h-11 px-3", className)} />
        ) : (
          <div className="relative">
            <input
              ref={ref}
              {...rest}
              {...a11y}
              aria-describedby={[`${a11y.id}-unit`, a11y["aria-describedby"]].filter(Boolean).join(" ")}
              className={cn(controlClasses(error), "h-11 pl-3 pr-14", className)}
            />
            <span id={`${a11y.id}-unit`} className="pointer-events-none absolute inset-y-0 right-3 flex items-center text-sm font-medium text-slate-500 dark:text-slate-400">
              {unit}
            </span>
          </div>
        )
      }
    </Field>
  );
}
