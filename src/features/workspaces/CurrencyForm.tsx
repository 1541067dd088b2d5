// The workspace's currency: what a new amount (purchase value, unit cost) starts in.
import { useMutation } from "convex/react";
import { useState } from "react";
import { toast } from "sonner";
import { api } from "../../../convex/_generated/api";
import { CurrencySelect } from "../../lib/CurrencySelect";
import { useSubmit } from "../../lib/useSubmit";
import { Button, Form } from "../../ui";
import type { CurrentWorkspace } from "./WorkspaceFrame";
import { WS_TEXT } from "./workspaceText";

export function CurrencyForm({ ws }: { ws: CurrentWorkspace }) {
  const setCurrency = useMutation(api.workspaces.setCurrency);
  const [currency, setChoice] = useState(ws.currency);
  const { busy, error, run } = useSubmit({ fallback: WS_TEXT.changeFailed });
  async function submit() {
    if (await run(() => setCurrency({ workspaceId: ws._id, currency }))) toast.success(WS_TEXT.currencySaved);
  }
  return (
    <Form onSubmit={submit} aria-label={WS_TEXT.currencyLabel} className="flex flex-col gap-3 sm:flex-row sm:items-start">
      <CurrencySelect label={WS_TEXT.currencyLabel} hint={WS_TEXT.currencyHint} value={currency} onChange={(e) => setChoice(e.target.value)}
        error={error ?? undefined} containerClassName="sm:flex-1" />
      <Button type="submit" variant="outline" loading={busy} disabled={currency === ws.currency} className="sm:mt-7">{WS_TEXT.currencySave}</Button>
    </Form>
  );
}
