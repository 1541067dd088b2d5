import { useCallback, useState } from "react";
import { toast } from "sonner";
import { errorMessage } from "./errors";

type Options = {
  /** What the user reads when the server's error is not one of ours. */
  fallback: string;
  /** "inline" keeps the message in `error` for the form to show; "toast" pops it up. */
  show?: "inline" | "toast";
};

/**
 * The busy state and error of one form action. `run` resolves true when the action
 * succeeded; while it runs `busy` is true, so the submit button can show its spinner.
 */
export function useSubmit<A extends unknown[]>(action: (...args: A) => Promise<unknown>, { fallback, show = "inline" }: Options) {
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const run = useCallback(
    async (...args: A): Promise<boolean> => {
      setBusy(true);
      setError(null);
      try {
        await action(...args);
        return true;
      } catch (caught) {
        const message = errorMessage(caught, fallback);
        if (show === "toast") toast.error(message);
        else setError(message);
        return false;
      } finally {
        setBusy(false);
      }
    },
    [action, fallback, show],
  );
  return { busy, error, setError, run };
}
