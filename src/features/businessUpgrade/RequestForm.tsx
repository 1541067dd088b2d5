import { useState, type FormEvent } from "react";
import { useMutation } from "convex/react";
import { ConvexError } from "convex/values";
import { toast } from "sonner";
import { api } from "../../../convex/_generated/api";
import { BUSINESS_REQUEST_NOTE_MAX } from "../../../convex/lib/admin/rules";
import { Button } from "../../ui";

function message(error: unknown): string {
  if (error instanceof ConvexError && typeof error.data === "object" && error.data && "message" in error.data) {
    return String(error.data.message);
  }
  return "Failed to send your request";
}

export function RequestForm() {
  const request = useMutation(api.businessRequests.request);
  const [note, setNote] = useState("");
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setBusy(true);
    setError(null);
    try {
      await request({ note });
      toast.success("Request sent");
    } catch (e) {
      setError(message(e));
    } finally {
      setBusy(false);
    }
  };

  return (
    <form onSubmit={(e) => void submit(e)} aria-label="Request business features" className="flex flex-col gap-3">
      <label className="flex flex-col gap-1.5 text-sm font-medium text-slate-700 dark:text-slate-200">
        About your business (optional)
        <textarea
          value={note}
          rows={3}
          maxLength={BUSINESS_REQUEST_NOTE_MAX}
          onChange={(e) => setNote(e.target.value)}
          placeholder="What you sell and roughly how many items you keep"
          className="rounded-lg border border-slate-300 bg-white px-3 py-2 text-base font-normal text-slate-900 shadow-sm focus:border-indigo-500 focus:outline-none focus:ring-2 focus:ring-indigo-500/30 sm:text-sm dark:border-slate-700 dark:bg-slate-900 dark:text-slate-100"
        />
      </label>
      {error && (
        <p role="alert" className="text-sm text-red-600 dark:text-red-400">
          {error}
        </p>
      )}
      <Button type="submit" loading={busy} loadingText="Sending...">
        Request business features
      </Button>
    </form>
  );
}
