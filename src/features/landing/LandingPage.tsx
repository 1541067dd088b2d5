import { Link } from "react-router";
import { PRODUCT_NAME, TOKEN_SYMBOL } from "../../../convex/lib/constants";
import { buttonClasses } from "../../ui";
import { KINDS, TOKEN_POINTS, VERIFY_STEPS } from "./landingContent";
import { LiveCounts } from "./LiveCounts";
import { SerialLookupForm } from "../../lib/SerialLookupForm";
import { useAuthState } from "../../lib/authState";

const h2 = "text-3xl font-bold tracking-tight text-slate-900 dark:text-white";
const lead = "mt-3 max-w-2xl text-slate-600 dark:text-slate-400";

function Hero({ signedIn }: { signedIn: boolean }) {
  return (
    <section className="bg-gradient-to-b from-indigo-50 via-white to-slate-50 dark:from-indigo-950/60 dark:via-slate-950 dark:to-slate-950">
      <div className="mx-auto grid max-w-7xl items-center gap-10 px-4 py-12 sm:px-6 sm:py-20 lg:grid-cols-[1.15fr_1fr]">
        <div>
          <p className="inline-flex rounded-full bg-indigo-100 px-3 py-1 text-xs font-semibold text-indigo-700 dark:bg-indigo-900/70 dark:text-indigo-200">
            Asset registry · {TOKEN_SYMBOL} wallet · Referrals
          </p>
          <h1 className="mt-5 text-4xl font-extrabold tracking-tight text-slate-900 sm:text-5xl lg:text-6xl dark:text-white">
            Tag it. Secure it. <span className="text-indigo-600 dark:text-indigo-400">Prove it's yours.</span>
          </h1>
          <p className="mt-5 max-w-xl text-lg leading-relaxed text-slate-600 dark:text-slate-300">
            {PRODUCT_NAME} registers what you own (physical things, digital assets and NFTs, your will, your business
            inventory) and gives every item a serial number anyone can verify.
          </p>
          <div className="mt-8 flex flex-wrap gap-3">
            <Link to="/tag" className={buttonClasses("primary", "lg")}>
              Tag Asset
            </Link>
            {signedIn ? (
              <Link to="/dashboard" className={buttonClasses("outline", "lg")}>
                Go to Dashboard
              </Link>
            ) : (
              <Link to="/auth" className={buttonClasses("outline", "lg")}>
                Sign In
              </Link>
            )}
          </div>
        </div>
        <div
          id="verify"
          className="rounded-3xl border border-slate-200 bg-white p-6 shadow-xl shadow-indigo-900/5 sm:p-8 dark:border-slate-800 dark:bg-slate-900"
        >
          <h2 className="text-xl font-bold text-slate-900 dark:text-white">Verify a serial</h2>
          <p className="mt-2 text-sm text-slate-600 dark:text-slate-400">
            Found something, or buying second-hand? Check its registered status before you hand over any money.
          </p>
          <SerialLookupForm name="Verify a serial" />
        </div>
      </div>
    </section>
  );
}

export default function LandingPage() {
  const { isAuthenticated } = useAuthState();
  return (
    <div className="w-full">
      <Hero signedIn={isAuthenticated} />

      <section aria-labelledby="kinds-heading" className="mx-auto max-w-7xl px-4 py-16 sm:px-6">
        <h2 id="kinds-heading" className={h2}>
          Four kinds of tagging
        </h2>
        <p className={lead}>One registry for everything you care about, whoever you are.</p>
        <ul className="mt-10 grid gap-5 sm:grid-cols-2 lg:grid-cols-4">
          {KINDS.map((kind) => (
            <li key={kind.to}>
              <Link
                to={kind.to}
                className="block h-full rounded-2xl border border-slate-200 bg-white p-6 shadow-sm transition hover:-translate-y-0.5 hover:border-indigo-300 hover:shadow-md dark:border-slate-800 dark:bg-slate-900 dark:hover:border-indigo-700"
              >
                <h3 className="font-semibold text-slate-900 dark:text-white">{kind.title}</h3>
                <p className="mt-2 text-sm leading-relaxed text-slate-600 dark:text-slate-400">{kind.text}</p>
                <span className="mt-4 inline-block text-sm font-medium text-indigo-600 dark:text-indigo-400">
                  Learn more →
                </span>
              </Link>
            </li>
          ))}
        </ul>
      </section>

      <section
        aria-labelledby="verify-heading"
        className="border-y border-slate-200 bg-white dark:border-slate-800 dark:bg-slate-900/40"
      >
        <div className="mx-auto grid max-w-7xl gap-10 px-4 py-16 sm:px-6 lg:grid-cols-[1.4fr_1fr] lg:items-center">
          <div>
            <h2 id="verify-heading" className={h2}>
              How verification works
            </h2>
            <ol className="mt-8 grid gap-6 md:grid-cols-3">
              {VERIFY_STEPS.map((step, i) => (
                <li key={step.title} className="flex gap-4 md:flex-col md:gap-3">
                  <span className="grid h-10 w-10 shrink-0 place-items-center rounded-full bg-indigo-600 font-bold text-white">
                    {i + 1}
                  </span>
                  <div>
                    <h3 className="font-semibold text-slate-900 dark:text-white">{step.title}</h3>
                    <p className="mt-1 text-sm leading-relaxed text-slate-600 dark:text-slate-400">{step.text}</p>
                  </div>
                </li>
              ))}
            </ol>
          </div>
          <LiveCounts />
        </div>
      </section>

      <section aria-labelledby="tokens-heading" className="mx-auto max-w-7xl px-4 py-16 sm:px-6">
        <h2 id="tokens-heading" className={h2}>
          {TOKEN_SYMBOL} tokens and referrals
        </h2>
        <p className={lead}>
          {TOKEN_SYMBOL} is the registry's own token: you earn it by joining and bringing friends, and spend it to tag.
        </p>
        <ul className="mt-8 grid gap-4 sm:grid-cols-3">
          {TOKEN_POINTS.map((point) => (
            <li key={point.text} className="rounded-2xl bg-indigo-50 p-5 dark:bg-indigo-950/50">
              <p className="text-2xl font-bold text-indigo-700 dark:text-indigo-300">{point.figure}</p>
              <p className="mt-1 text-sm text-slate-700 dark:text-slate-300">{point.text}</p>
            </li>
          ))}
        </ul>
        <div className="mt-6 flex flex-wrap gap-x-6 gap-y-2 text-sm font-medium">
          <Link to="/launch" className="text-indigo-600 hover:underline dark:text-indigo-400">
            How {TOKEN_SYMBOL} works →
          </Link>
          <Link to="/influencer-signup" className="text-indigo-600 hover:underline dark:text-indigo-400">
            The referral programme →
          </Link>
          <Link to="/dao" className="text-indigo-600 hover:underline dark:text-indigo-400">
            Vote in the DAO →
          </Link>
        </div>
      </section>

      <section className="mx-auto max-w-7xl px-4 pb-16 sm:px-6">
        <div className="flex flex-col items-start gap-6 rounded-3xl bg-indigo-600 px-6 py-10 text-white sm:px-10 md:flex-row md:items-center md:justify-between">
          <div>
            <h2 className="text-2xl font-bold">Start your registry today</h2>
            <p className="mt-2 text-indigo-100">Tag your first asset, or check a serial before you buy.</p>
          </div>
          <div className="flex flex-wrap gap-3">
            <Link
              to="/tag"
              className="inline-flex h-12 items-center rounded-lg bg-white px-6 font-semibold text-indigo-700 shadow-sm hover:bg-indigo-50 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-white"
            >
              Tag Asset
            </Link>
            <a href="#verify" className={buttonClasses("ghost", "lg", "text-white hover:bg-white/10 dark:text-white")}>
              Verify a serial
            </a>
          </div>
        </div>
      </section>
    </div>
  );
}
