import { useCallback, useState } from "react";
import { toast } from "sonner";
import { clientErrorMessage, errorMessage } from "./errors";

type Options = {
  /** What the user reads when the server's error is not one of ours. */
  fallback: string;
  /** "inline" keeps the message in `error` for the form to show; "toast" pops it up. */
  show?: "inline" | "toast";
  /** Also show a plain Error's text: for actions whose browser-side steps (uploads) throw our own messages. */
  clientErrors?: boolean;
  /**
   * Keep `busy` after a success: for steps whose success moves the view on (navigates, or the
   * parent swaps the form out), so a code already used cannot be sent twice in the meantime.
   */
  busyAfterSuccess?: boolean;
};

/**
 * The busy state and error of a form's server action. `run(action)` resolves true when the
 * action succeeded; while it runs `busy` is true, so the submit button shows its spinner.
 * `setError` is there for the form's own checks before it calls the server.
 */
export function useSubmit({ fallback, show = "inline", clientErrors = false, busyAfterSuccess = false }: Options) {
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const run = useCallback(
    async (action: () => Promise<unknown>): Promise<boolean> => {
      setBusy(true);
      setError(null);
      try {
        await action();
        if (!busyAfterSuccess) setBusy(false);
        return true;
      } catch (caught) {
        const message = (clientErrors ? clientErrorMessage : errorMessage)(caught, fallback);
        if (show === "toast") toast.error(message);
        else setError(message);
        setBusy(false);
        return false;
      }
    },
    [fallback, show, clientErrors, busyAfterSuccess],
  );
  return { busy, error, setError, run };
}
