import { useState, type FormEvent } from "react";
import { useMutation } from "convex/react";
import { toast } from "sonner";
import { api } from "../../../convex/_generated/api";
import { BUSINESS_REQUEST_NOTE_MAX } from "../../../convex/lib/admin/rules";
import { useSubmit } from "../../lib/useSubmit";
import { Button, Textarea, Form } from "../../ui";

export function RequestForm() {
  const request = useMutation(api.businessRequests.request);
  const [note, setNote] = useState("");
  const { busy, error, run } = useSubmit({ fallback: "Failed to send your request" });

  const submit = (event: FormEvent) => {
    event.preventDefault();
    void run(async () => {
      await request({ note });
      toast.success("Request sent");
    });
  };

  return (
    <Form onSubmit={submit} aria-label="Request business features" className="flex flex-col gap-3">
      <Textarea
        label="About your business (optional)"
        value={note}
        rows={3}
        maxLength={BUSINESS_REQUEST_NOTE_MAX}
        onChange={(e) => setNote(e.target.value)}
        placeholder="What you sell and roughly how many items you keep"
      />
      {error && (
        <p role="alert" className="text-sm text-red-600 dark:text-red-400">
          {error}
        </p>
      )}
      <Button type="submit" loading={busy} loadingText="Sending...">
        Request business features
      </Button>
    </Form>
  );
}
