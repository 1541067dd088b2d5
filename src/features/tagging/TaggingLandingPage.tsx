import { Link } from "react-router";
import type { AssetKind } from "../../../convex/lib/assets/tables";
import { SIGNUP_BONUS, TAGGING_COST } from "../../../convex/lib/constants";
import { buttonClasses } from "../../ui";
import { HowItWorks } from "./HowItWorks";
import { TAGGING_KINDS, TAGGING_ORDER } from "./taggingKinds";
import { formatTmt } from "../../lib/format";


function TagCta({ kind, label, size = "lg" }: { kind: AssetKind; label: string; size?: "md" | "lg" }) {
  return (
    <Link to={`/tag?kind=${kind}`} className={buttonClasses("primary", size)}>
      {label}
    </Link>
  );
}

/** /general-tagging, /nft-tagging, /mywill-tagging, /business-tagging. */
export default function TaggingLandingPage({ kind }: { kind: AssetKind }) {
  const info = TAGGING_KINDS[kind];
  const freeTags = Math.floor(SIGNUP_BONUS / TAGGING_COST);
  return (
    <div className="w-full">
      <section className="bg-gradient-to-b from-indigo-50 to-white dark:from-indigo-950/50 dark:to-slate-950">
        <div className="mx-auto max-w-5xl px-4 py-12 sm:px-6 sm:py-16">
          <p className="text-sm font-semibold uppercase tracking-wider text-indigo-600 dark:text-indigo-400">
            {info.eyebrow}
          </p>
          <h1 className="mt-2 text-3xl font-bold tracking-tight text-slate-900 sm:text-5xl dark:text-white">
            {info.title}
          </h1>
          <p className="mt-4 max-w-2xl text-base leading-relaxed text-slate-600 sm:text-lg dark:text-slate-300">
            {info.lead}
          </p>
          <div className="mt-8 flex flex-wrap items-center gap-4">
            <TagCta kind={kind} label={info.cta} />
            <p className="rounded-full bg-white px-4 py-2 text-sm font-semibold text-slate-800 shadow-sm ring-1 ring-slate-200 dark:bg-slate-900 dark:text-slate-100 dark:ring-slate-700">
              {formatTmt(TAGGING_COST)} per tag
            </p>
          </div>
        </div>
      </section>

      <div className="mx-auto flex max-w-5xl flex-col gap-14 px-4 py-12 sm:px-6">
        <section aria-labelledby="uses-heading">
          <h2 id="uses-heading" className="text-2xl font-bold text-slate-900 dark:text-white">
            What it is for
          </h2>
          <ul className="mt-6 grid gap-4 sm:grid-cols-3">
            {info.uses.map((use) => (
              <li
                key={use.title}
                className="rounded-2xl border border-slate-200 bg-white p-5 shadow-sm dark:border-slate-800 dark:bg-slate-900"
              >
                <p className="font-semibold text-slate-900 dark:text-white">{use.title}</p>
                <p className="mt-1.5 text-sm leading-relaxed text-slate-600 dark:text-slate-300">{use.text}</p>
              </li>
            ))}
          </ul>
        </section>

        <HowItWorks info={info} />

        <section
          aria-labelledby="cost-heading"
          className="rounded-3xl bg-gradient-to-br from-indigo-600 to-violet-600 p-6 text-white shadow-sm sm:p-10"
        >
          <h2 id="cost-heading" className="text-2xl font-bold">
            What it costs
          </h2>
          <p className="mt-3 text-4xl font-extrabold tabular-nums" data-testid="tagging-cost">
            {formatTmt(TAGGING_COST)}
          </p>
          <p className="mt-2 max-w-xl text-indigo-100">
            per tag, paid from your wallet when the serial number is issued. Every new account starts with{" "}
            {formatTmt(SIGNUP_BONUS)}, enough for {freeTags} tags; referring friends earns more. Verifying a serial is
            always free, for anyone.
          </p>
          <div className="mt-6 flex flex-wrap gap-3">
            <Link to={`/tag?kind=${kind}`} className={buttonClasses("secondary", "lg")}>
              {info.cta}
            </Link>
            <Link to="/wallet" className={buttonClasses("ghost", "lg", "text-white hover:bg-white/10 dark:text-white")}>
              See my wallet
            </Link>
          </div>
        </section>

        <nav aria-label="Other kinds of tagging">
          <h2 className="text-lg font-semibold text-slate-900 dark:text-white">Other kinds of tagging</h2>
          <ul className="mt-3 flex flex-wrap gap-2">
            {TAGGING_ORDER.filter((k) => k !== kind).map((k) => (
              <li key={k}>
                <Link to={TAGGING_KINDS[k].path} className={buttonClasses("outline", "sm")}>
                  {TAGGING_KINDS[k].eyebrow}
                </Link>
              </li>
            ))}
          </ul>
        </nav>
      </div>
    </div>
  );
}
