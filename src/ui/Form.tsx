// Every form of the app: after a submit that leaves fields in error, the first invalid
// field (in page order) is scrolled to the middle of the screen and focused, so the
// reporter sees what to fix and is in it, instead of staying on the button.
import { useRef, type ComponentPropsWithRef, type FormEvent } from "react";

/** Scrolls to and focuses the first control marked aria-invalid inside `root`; false when there is none. */
export function focusFirstInvalid(root: ParentNode | null): boolean {
  const field = root?.querySelector<HTMLElement>('[aria-invalid="true"]:not([disabled])');
  if (!field) return false;
  const still = window.matchMedia?.("(prefers-reduced-motion: reduce)").matches ?? false;
  field.scrollIntoView?.({ block: "center", behavior: still ? "auto" : "smooth" });
  field.focus({ preventScroll: true });
  return true;
}

interface FormProps extends Omit<ComponentPropsWithRef<"form">, "onSubmit"> {
  /** The submit handler; the default action is already prevented. */
  onSubmit: (event: FormEvent<HTMLFormElement>) => unknown;
}

/** A <form> that validates itself (noValidate) and, after submitting, takes the user to the first field in error. */
export function Form({ onSubmit, children, ...rest }: FormProps) {
  const ref = useRef<HTMLFormElement>(null);
  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    try {
      await onSubmit(event);
    } finally {
      // After React has drawn the errors the handler set.
      requestAnimationFrame(() => focusFirstInvalid(ref.current));
    }
  }
  return (
    <form noValidate {...rest} ref={ref} onSubmit={(event) => void submit(event)}>
      {children}
    </form>
  );
}
