import type { ComponentPropsWithRef } from "react";
import { cn } from "./cn";
import { controlClasses, Field, type FieldProps } from "./Field";

interface SelectProps extends ComponentPropsWithRef<"select">, FieldProps {
  /** A smaller control for table rows. */
  compact?: boolean;
}

/** A native <select> with the Input look; without `label`, give it an aria-label. */
export function Select({ label, error, hint, id, className, containerClassName, compact = false, ref, children, ...rest }: SelectProps) {
  return (
    <Field {...{ id, label, error, hint, containerClassName }} invalid={rest["aria-invalid"]} describedBy={rest["aria-describedby"]} required={rest.required}>
      {(a11y) => (
        <select ref={ref} {...rest} {...a11y} className={cn(controlClasses(error), compact ? "h-9 px-2" : "h-11 px-3", className)}>
          {children}
        </select>
      )}
    </Field>
  );
}
