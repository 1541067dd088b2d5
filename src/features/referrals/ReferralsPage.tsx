import { useQuery } from "convex/react";
import { api } from "../../../convex/_generated/api";
import { Button, PageSpinner, QueryErrorBoundary } from "../../ui";
import { PeopleList } from "./PeopleList";
import { REFERRAL_TEXT } from "./referralFormat";
import { ReferralStats } from "./ReferralStats";
import { ShareCard } from "./ShareCard";
import { SignupsOverTime } from "./SignupsOverTime";

function LiveReferrals() {
  const mine = useQuery(api.referrals.mine, {});
  if (mine === undefined) return <PageSpinner label={REFERRAL_TEXT.loading} />;
  if (mine === null) return null; // signing out
  return (
    <div className="flex flex-col gap-6">
      <ShareCard code={mine.code} />
      <ReferralStats referred={mine.referred} verified={mine.verified} earned={mine.earned} />
      <SignupsOverTime />
      <PeopleList people={mine.people} total={mine.referred} />
    </div>
  );
}

/** /referrals: my code, link and QR code, and who joined through me; live. */
export default function ReferralsPage() {
  return (
    <section className="mx-auto w-full max-w-5xl px-4 py-8 sm:px-6 sm:py-12">
      <h1 className="text-3xl font-bold tracking-tight text-slate-900 dark:text-white">{REFERRAL_TEXT.title}</h1>
      <p className="mb-6 mt-2 text-slate-600 dark:text-slate-300">
        Invite people to TagMyThing and earn TMT for everyone who joins through you.
      </p>
      <QueryErrorBoundary
        fallback={(_error, retry) => (
          <div role="alert" className="rounded-2xl border border-red-200 bg-red-50 p-6 text-center dark:border-red-900 dark:bg-red-950/40">
            <p className="font-medium text-red-800 dark:text-red-200">{REFERRAL_TEXT.loadFailed}</p>
            <Button variant="outline" size="sm" className="mt-4" onClick={retry}>
              Retry
            </Button>
          </div>
        )}
      >
        <LiveReferrals />
      </QueryErrorBoundary>
    </section>
  );
}
