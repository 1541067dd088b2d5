import { useQuery } from "convex/react";
import { api } from "../../../convex/_generated/api";
import { NOK_LIMITS } from "../../../convex/lib/legacy/nokRules";
import { Card, PageSpinner, QueryErrorBoundary } from "../../ui";
import { BeneficiaryList } from "./BeneficiaryList";
import { ContactForm } from "./ContactForm";
import { ContactList } from "./ContactList";
import { LegacyLog } from "./LegacyLog";
import { LegacyPlan } from "./LegacyPlan";

function NokContent() {
  const contacts = useQuery(api.nextOfKin.list, {});
  const assets = useQuery(api.nextOfKin.willAssets, {});
  const status = useQuery(api.legacy.status, {});
  if (contacts === undefined || assets === undefined || status === undefined) return <PageSpinner label="Loading next of kin..." />;
  return (
    <div className="grid gap-6 lg:grid-cols-2">
      <Card title="Legacy release" description="What happens to your will assets if you are gone." className="lg:col-span-2">
        {status === null ? null : <LegacyPlan key={status.plan ? "plan" : "none"} status={status} />}
      </Card>
      <Card title="Contacts" description="Each contact is emailed and asked to confirm.">
        <div className="flex flex-col gap-6">
          <ContactList contacts={contacts} />
          <ContactForm disabled={contacts.length >= NOK_LIMITS.contacts} />
        </div>
      </Card>
      <Card title="Beneficiaries" description="Who receives each will asset.">
        <BeneficiaryList assets={assets} contacts={contacts} />
      </Card>
      <Card title="Activity" description="Every step, visible only to you." className="lg:col-span-2">
        <LegacyLog events={status?.events ?? []} />
      </Card>
    </div>
  );
}

/** /nok: next-of-kin contacts, beneficiaries of will assets, and the legacy release plan. */
export default function NokPage() {
  return (
    <section className="mx-auto w-full max-w-6xl px-4 py-8 sm:px-6 sm:py-12">
      <h1 className="mb-6 text-3xl font-bold tracking-tight text-slate-900 dark:text-white">Next of kin</h1>
      <QueryErrorBoundary fallback={() => <p role="alert">We could not load your next of kin just now.</p>}>
        <NokContent />
      </QueryErrorBoundary>
    </section>
  );
}
