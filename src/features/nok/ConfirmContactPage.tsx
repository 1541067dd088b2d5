import { useMutation } from "convex/react";
import { useState } from "react";
import { useParams } from "react-router";
import { api } from "../../../convex/_generated/api";
import { Button, Card } from "../../ui";
import { useSubmit } from "../../lib/useSubmit";

/** /nok/confirm/:token: a contact accepts being next of kin (a button, so link scanners confirm nothing). */
export default function ConfirmContactPage() {
  const { token = "" } = useParams();
  const confirm = useMutation(api.nextOfKin.confirm);
  const [result, setResult] = useState<{ ownerName: string; contactName: string } | null>(null);
  const { busy, error, run } = useSubmit({ fallback: "This link is invalid or has expired." });
  const submit = async () => {
    await run(async () => {
      setResult(await confirm({ token }));
    });
  };
  return (
    <section className="mx-auto w-full max-w-lg px-4 py-12">
      <Card title="Next of kin" titleAs="h1">
        {result ? (
          <p role="status">Thank you, {result.contactName}. You are now confirmed as next of kin for {result.ownerName}.</p>
        ) : error ? (
          <p role="alert" className="text-red-600 dark:text-red-400">{error}</p>
        ) : (
          <div className="flex flex-col gap-4">
            <p>Someone named you as their next of kin on TagMyThing. Confirm to accept; you may be asked, one day, to confirm the release of what they leave.</p>
            <div><Button onClick={() => void submit()} loading={busy} loadingText="Confirming...">Confirm</Button></div>
          </div>
        )}
      </Card>
    </section>
  );
}
