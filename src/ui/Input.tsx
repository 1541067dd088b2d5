import type { ComponentPropsWithRef } from "react";
import { cn } from "./cn";
import { controlClasses, Field, type FieldProps } from "./Field";

export interface InputProps extends Omit<ComponentPropsWithRef<"input">, "size">, FieldProps {}

export function Input({ label, error, hint, id, className, containerClassName, ref, ...rest }: InputProps) {
  return (
    <Field {...{ id, label, error, hint, containerClassName }} invalid={rest["aria-invalid"]} describedBy={rest["aria-describedby"]}>
      {(a11y) => <input ref={ref} {...rest} {...a11y} className={cn(controlClasses(error), "h-11 px-3", className)} />}
    </Field>
  );
}
