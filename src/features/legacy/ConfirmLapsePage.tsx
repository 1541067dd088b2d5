import { useMutation, useQuery } from "convex/react";
import { useState } from "react";
import { useParams } from "react-router";
import { api } from "../../../convex/_generated/api";
import { Button, Card, PageSpinner } from "../../ui";
import { INVALID_LINK } from "./legacyFormat";
import { useSubmit } from "../../lib/useSubmit";

const OUTCOMES = {
  waiting: "Thank you. Your confirmation is recorded; the release happens once enough contacts confirm.",
  released: "Thank you. Enough contacts have confirmed: each beneficiary has been emailed a private link.",
  cancelled: "The owner has been active again, so nothing was released.",
} as const;

/** /legacy/confirm/:token: a next of kin confirms the owner has passed away. */
export default function ConfirmLapsePage() {
  const { token = "" } = useParams();
  const info = useQuery(api.legacyLinks.confirmInfo, { token });
  const confirm = useMutation(api.legacy.confirmLapse);
  const [outcome, setOutcome] = useState<keyof typeof OUTCOMES | null>(null);
  const { busy, error, run } = useSubmit({ fallback: INVALID_LINK });
  if (info === undefined) return <PageSpinner label="Checking the link..." />;
  const submit = async () => {
    await run(async () => {
      setOutcome((await confirm({ token })).outcome);
    });
  };
  return (
    <section className="mx-auto w-full max-w-lg px-4 py-12">
      <Card title="Confirm a legacy release" titleAs="h1">
        {outcome ? (
          <p role="status">{OUTCOMES[outcome]}</p>
        ) : error || info === null ? (
          <p role="alert" className="text-red-600 dark:text-red-400">{error ?? INVALID_LINK}</p>
        ) : info.released ? (
          <p role="status">{OUTCOMES.released}</p>
        ) : info.confirmed ? (
          <p role="status">{OUTCOMES.waiting}</p>
        ) : (
          <div className="flex flex-col gap-4">
            <p>
              Hello {info.contactName}. {info.ownerName} has not used TagMyThing for the period they chose, and named you as next of kin.
              Confirm only if you know that {info.ownerName} has passed away.
            </p>
            <div><Button variant="danger" onClick={() => void submit()} loading={busy} loadingText="Confirming...">I confirm</Button></div>
          </div>
        )}
      </Card>
    </section>
  );
}
