import { useMutation, useQuery } from "convex/react";
import { useState } from "react";
import { toast } from "sonner";
import { api } from "../../../convex/_generated/api";
import { checkVerifiedName, registeredBy } from "../../../convex/lib/workspaces/rules";
import { formatDate } from "../../lib/format";
import { useSubmit } from "../../lib/useSubmit";
import { Button, Form, Input, Spinner } from "../../ui";
import type { CurrentWorkspace } from "./WorkspaceFrame";
import { WS_TEXT } from "./workspaceText";

/** A business's verified name: what /verify shows now, the request under review, and asking for one. */
export function VerifiedName({ ws }: { ws: CurrentWorkspace }) {
  const view = useQuery(api.verifiedNames.status, { workspaceId: ws._id });
  const request = useMutation(api.verifiedNames.request);
  const withdraw = useMutation(api.verifiedNames.withdraw);
  const remove = useMutation(api.verifiedNames.remove);
  const [name, setName] = useState("");
  const form = useSubmit({ fallback: WS_TEXT.changeFailed });
  const action = useSubmit({ fallback: WS_TEXT.changeFailed, show: "toast" });
  if (view === undefined) return <Spinner />;
  if (view === null) return null;
  const pending = view.latest?.status === "pending" ? view.latest : null;
  const declined = view.latest?.status === "declined" ? view.latest : null;
  async function ask() {
    const checked = checkVerifiedName(name);
    if (!checked.ok) return form.setError(checked.message);
    if (await form.run(() => request({ workspaceId: ws._id, name: checked.name }))) {
      toast.success(WS_TEXT.verifiedAsked);
      setName("");
    }
  }
  return (
    <div className="flex flex-col gap-3 text-sm text-slate-700 dark:text-slate-300">
      <p className="text-slate-600 dark:text-slate-400">{WS_TEXT.verifiedHint}</p>
      {view.verifiedName !== null ? (
        <div className="flex flex-wrap items-center gap-3">
          <p className="font-medium text-slate-900 dark:text-white">{WS_TEXT.verifiedShown(registeredBy(view.verifiedName))}</p>
          <Button size="sm" variant="outline" loading={action.busy}
            onClick={() => void action.run(async () => { await remove({ workspaceId: ws._id }); toast.success(WS_TEXT.verifiedRemoved); })}>
            {WS_TEXT.verifiedRemove}
          </Button>
        </div>
      ) : (
        <p>{WS_TEXT.verifiedNone}</p>
      )}
      {pending !== null ? (
        <div role="status" className="flex flex-wrap items-center gap-3">
          <p>{WS_TEXT.verifiedPending(pending.name, formatDate(pending.createdAt))}</p>
          <Button size="sm" variant="outline" loading={action.busy}
            onClick={() => void action.run(async () => { await withdraw({ workspaceId: ws._id }); toast.success(WS_TEXT.verifiedWithdrawn); })}>
            {WS_TEXT.verifiedWithdraw}
          </Button>
        </div>
      ) : (
        <>
          {declined !== null && <p role="status">{WS_TEXT.verifiedDeclined(declined.name, formatDate(declined.decidedAt ?? declined.createdAt))}</p>}
          <Form onSubmit={ask} aria-label={WS_TEXT.verifiedTitle} className="flex flex-col gap-3 sm:flex-row sm:items-start">
            <Input label={WS_TEXT.verifiedLabel} value={name} onChange={(e) => setName(e.target.value)} required maxLength={200}
              error={form.error ?? undefined} aria-invalid={form.error !== null} containerClassName="sm:flex-1" autoComplete="organization" />
            <Button type="submit" variant="outline" loading={form.busy} className="sm:mt-7">{WS_TEXT.verifiedAsk}</Button>
          </Form>
        </>
      )}
    </div>
  );
}
