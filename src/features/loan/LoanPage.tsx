import { useMutation, useQuery } from "convex/react";
import { useState, type FormEvent } from "react";
import { useParams } from "react-router";
import { api } from "../../../convex/_generated/api";
import { CUSTODY_MESSAGES, MAX_BORROWER_NAME } from "../../../convex/lib/custody/rules";
import { Button, Card, Form, Input, PageSpinner } from "../../ui";
import { formatDateTime } from "../../lib/format";
import { useSubmit } from "../../lib/useSubmit";

/**
 * /loan/:token, opened by the borrower on their own phone (no account): the items lent and
 * the due date, and their typed name as the signature that they have them. Nothing else.
 */
export default function LoanPage() {
  const { token = "" } = useParams();
  const view = useQuery(api.custody.borrowerView, { token });
  const accept = useMutation(api.custody.accept);
  const [signature, setSignature] = useState("");
  const { busy, error, setError, run } = useSubmit({ fallback: "Could not record your acceptance." });
  if (view === undefined) return <PageSpinner label="Loading..." />;

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (signature.trim() === "") return setError(CUSTODY_MESSAGES.signatureRequired);
    await run(() => accept({ token, signature }));
  }

  return (
    <section className="mx-auto w-full max-w-lg px-4 py-10">
      {view.status === "invalid" ? (
        <Card title="Link not valid" titleAs="h1">
          <p className="text-sm text-slate-600 dark:text-slate-400">{CUSTODY_MESSAGES.invalidLink}</p>
        </Card>
      ) : (
        <Card title="Items lent to you" titleAs="h1">
          <ul className="list-disc pl-5 text-sm" aria-label="Items">
            {view.items.map((name, i) => <li key={i}>{name}</li>)}
          </ul>
          <p className="mt-3 text-sm">Due back: <strong>{formatDateTime(view.dueAt)}</strong></p>
          {view.accepted ? (
            <p role="status" className="mt-4 rounded-lg bg-emerald-50 p-3 text-sm text-emerald-900 dark:bg-emerald-950 dark:text-emerald-100">
              Thank you: you have confirmed you have these items.
            </p>
          ) : (
            <Form onSubmit={submit} className="mt-4 flex flex-col gap-3">
              <Input label="Type your full name to sign" required autoComplete="name" maxLength={MAX_BORROWER_NAME} value={signature} error={error} onChange={(e) => setSignature(e.target.value)} />
              <Button type="submit" loading={busy} loadingText="Signing...">I have these items</Button>
            </Form>
          )}
        </Card>
      )}
    </section>
  );
}
