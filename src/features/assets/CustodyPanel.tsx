import { useState, type FormEvent } from "react";
import { toast } from "sonner";
import { api } from "../../../convex/_generated/api";
import type { AssetDetail } from "../../../convex/lib/assets/read";
import { MAX_CONDITION } from "../../../convex/lib/custody/rules";
import { can } from "../../../convex/lib/workspaces/rules";
import { Badge, Button, Form, Textarea } from "../../ui";
import { CheckOutForm } from "../../lib/custody/CheckOutForm";
import { formatDateTime } from "../../lib/format";
import { useNow } from "../../lib/useNow";
import { useSubmit } from "../../lib/useSubmit";
import { useWorkspace, useWorkspaceMutation, useWorkspaceQuery } from "../../lib/useWorkspace";

/** Who holds the item now (live), check-out and check-in with condition, and its last loans. */
export function CustodyPanel({ asset }: { asset: AssetDetail }) {
  const custody = useWorkspaceQuery(api.custody.ofAsset, { assetId: asset._id });
  const { current: workspace } = useWorkspace();
  const checkIn = useWorkspaceMutation(api.custody.checkIn);
  const [condition, setCondition] = useState("");
  const [lending, setLending] = useState(false);
  const { busy, error, run } = useSubmit({ fallback: "Could not check the item in." });
  const now = useNow({ everyMs: 60_000 });
  const mayLend = can(workspace?.role, "edit");
  if (custody === undefined || custody === null) return null;
  const current = custody.current;

  async function submitCheckIn(event: FormEvent) {
    event.preventDefault();
    await run(async () => {
      await checkIn({ assetIds: [asset._id], condition: condition.trim() || undefined });
      setCondition("");
      toast.success("Checked in");
    });
  }

  return (
    <section aria-labelledby="custody-title" className="flex flex-col gap-3 text-sm">
      <h2 id="custody-title" className="font-semibold text-slate-900 dark:text-white">Custody</h2>
      {current === null ? (
        <p data-testid="custody-state">In: not checked out.</p>
      ) : (
        <div data-testid="custody-state" className="flex flex-col gap-1">
          <p>
            Checked out to <strong>{current.loan.borrowerName}</strong>, due {formatDateTime(current.loan.dueAt)}{" "}
            {(current.loan.overdue || current.loan.dueAt < now) && <Badge tone="red">Overdue</Badge>}
          </p>
          {(current.email || current.phone) && <p className="text-slate-600 dark:text-slate-400">{[current.email, current.phone].filter(Boolean).join(" · ")}</p>}
          <p>{current.acceptedName ? <>Accepted, signed “{current.acceptedName}”.</> : "Not accepted by the borrower yet."}</p>
          {current.notes && <p className="text-slate-600 dark:text-slate-400">Condition when lent: {current.notes}</p>}
        </div>
      )}
      {mayLend && current !== null && !lending && (
        <Form onSubmit={submitCheckIn} className="flex flex-col gap-2">
          <Textarea label="Condition on return" rows={2} maxLength={MAX_CONDITION} value={condition} error={error ?? undefined} onChange={(e) => setCondition(e.target.value)} />
          <Button type="submit" size="sm" loading={busy} loadingText="Checking in..." className="self-start">Check in</Button>
        </Form>
      )}
      {/* The form stays while lending: once the item is out (live) it shows the borrower's link. */}
      {mayLend && lending && <CheckOutForm assetIds={[asset._id]} onDone={() => setLending(false)} />}
      {mayLend && !lending && current === null && asset.status === "active" && (
        <Button size="sm" variant="outline" className="self-start" onClick={() => setLending(true)}>Check out</Button>
      )}
      {custody.past.length > 0 && (
        <details>
          <summary className="cursor-pointer text-slate-600 dark:text-slate-400">Past loans</summary>
          <ul className="mt-2 flex flex-col gap-1">
            {custody.past.map((l) => (
              <li key={l._id}>
                {l.borrowerName}: {formatDateTime(l.outAt)} – {l.returnedAt === null ? "" : formatDateTime(l.returnedAt)}
                {l.condition && <span className="text-slate-600 dark:text-slate-400"> ({l.condition})</span>}
              </li>
            ))}
          </ul>
        </details>
      )}
    </section>
  );
}
