import type { ComponentPropsWithRef } from "react";
import { cn } from "./cn";
import { controlClasses, Field, type FieldProps } from "./Field";

interface TextareaProps extends ComponentPropsWithRef<"textarea">, FieldProps {}

export function Textarea({ label, error, hint, id, className, containerClassName, ref, rows = 3, ...rest }: TextareaProps) {
  return (
    <Field {...{ id, label, error, hint, containerClassName }} invalid={rest["aria-invalid"]} describedBy={rest["aria-describedby"]} required={rest.required}>
      {(a11y) => <textarea ref={ref} rows={rows} {...rest} {...a11y} className={cn(controlClasses(error), "px-3 py-2", className)} />}
    </Field>
  );
}
