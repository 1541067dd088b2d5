import { useState } from "react";
import { useMutation } from "convex/react";
import { toast } from "sonner";
import { api } from "../../../convex/_generated/api";
import type { Id } from "../../../convex/_generated/dataModel";
import { MAX_NOTE_CHARS, STATUS_LABELS, STATUS_TRANSITIONS, type BugStatus } from "../../../convex/lib/bugReports/rules";
import { Button, Textarea } from "../../ui";
import { errorMessage } from "../../lib/errors";

const ACTION_LABELS: Record<BugStatus, string> = {
  open: "Reopen",
  in_progress: "Start work",
  resolved: "Mark resolved",
  wont_fix: "Won't fix",
};

/** The workflow's next steps for one report, with an optional note for the reporter. */
export function StatusActions({ id, status }: { id: Id<"bugReports">; status: BugStatus }) {
  const setStatus = useMutation(api.bugReports.setStatus);
  const [note, setNote] = useState("");
  const [pending, setPending] = useState<BugStatus | null>(null);

  async function change(next: BugStatus) {
    setPending(next);
    try {
      await setStatus({ id, status: next, ...(note.trim() ? { note } : {}) });
      setNote("");
      toast.success(`Status changed to ${STATUS_LABELS[next]}`);
    } catch (error) {
      toast.error(errorMessage(error, "Failed to update the status"));
    } finally {
      setPending(null);
    }
  }

  return (
    <section aria-label="Triage" className="flex flex-col gap-2">
      <label htmlFor={`note-${id}`} className="text-sm font-semibold text-slate-900 dark:text-white">
        Note <span className="font-normal text-slate-500 dark:text-slate-400">(optional, visible to the reporter)</span>
      </label>
      <Textarea
        id={`note-${id}`}
        rows={2}
        maxLength={MAX_NOTE_CHARS}
        value={note}
        onChange={(e) => setNote(e.target.value)}
      />
      <div className="flex flex-wrap gap-2">
        {STATUS_TRANSITIONS[status].map((next) => (
          <Button
            key={next}
            size="sm"
            variant={next === "resolved" || next === "in_progress" ? "primary" : "outline"}
            loading={pending === next}
            disabled={pending !== null}
            onClick={() => change(next)}
          >
            {ACTION_LABELS[next]}
          </Button>
        ))}
      </div>
    </section>
  );
}
