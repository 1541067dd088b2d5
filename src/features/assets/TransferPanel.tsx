import { useState, type FormEvent } from "react";
import { toast } from "sonner";
import { api } from "../../../convex/_generated/api";
import type { AssetDetail } from "../../../convex/lib/assets/read";
import { Button, Input, Form } from "../../ui";
import { formatDateTime } from "../../lib/format";
import { useSubmit } from "../../lib/useSubmit";
import { useWorkspaceMutation } from "../../lib/useWorkspace";

/** Offer the asset by e-mail (to a member, or an invitation to sign up and accept), or cancel the open offer. */
export function TransferPanel({ asset }: { asset: AssetDetail }) {
  const offer = useWorkspaceMutation(api.transfers.offer);
  const cancel = useWorkspaceMutation(api.transfers.cancel);
  const [email, setEmail] = useState("");
  const { busy, error, setError, run } = useSubmit({ fallback: "Could not send the offer." });
  const cancelling = useSubmit({ fallback: "Could not cancel.", show: "toast" });
  const pending = asset.pendingTransfer;

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (!/^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(email.trim())) return setError("Please enter a valid email address");
    await run(async () => {
      await offer({ assetId: asset._id, email: email.trim() });
      setEmail("");
      toast.success("Transfer offer sent");
    });
  }

  return (
    <section aria-labelledby="transfer-title" className="flex flex-col gap-3">
      <h2 id="transfer-title" className="font-semibold text-slate-900 dark:text-white">Transfer ownership</h2>
      {pending ? (
        <div className="flex flex-col gap-2 text-sm">
          <p>Offer sent to <strong>{pending.toEmail}</strong> on {formatDateTime(pending.createdAt)}. It moves when they accept.</p>
          <Button size="sm" variant="outline" className="self-start" loading={cancelling.busy}
            onClick={() => void cancelling.run(async () => {
              await cancel({ transferId: pending._id });
              toast.success("Offer cancelled");
            })}>
            Cancel offer
          </Button>
        </div>
      ) : asset.status !== "active" ? (
        <p className="text-sm text-slate-600 dark:text-slate-400">Only an active asset can be transferred.</p>
      ) : (
        <Form onSubmit={submit} className="flex flex-col gap-2 sm:flex-row sm:items-start">
          <Input type="email" required aria-label="Recipient email" placeholder="new.owner@example.com" containerClassName="flex-1"
            hint="No account at that address yet? The e-mail invites them to create one, then accept."
            value={email} error={error} onChange={(e) => setEmail(e.target.value)} />
          <Button type="submit" loading={busy} loadingText="Sending...">Offer transfer</Button>
        </Form>
      )}
    </section>
  );
}
