import { Link } from "react-router";
import { useConvexAuth } from "convex/react";
import { buttonClasses } from "../../ui";
import { VerifySerialForm } from "./VerifySerialForm";

const FEATURES = [
  {
    title: "Tag anything you own",
    text: "Bikes, laptops, watches, art: give each one a serial number and photos that prove it is yours.",
    to: "/general-tagging",
  },
  {
    title: "Digital assets and NFTs",
    text: "Keep your digital holdings in the same registry as your physical things.",
    to: "/nft-tagging",
  },
  {
    title: "Pass it on with MyWill",
    text: "Name your next of kin and choose who inherits each asset.",
    to: "/mywill-tagging",
  },
  {
    title: "Business inventory",
    text: "Tag stock at scale and let customers verify genuine products.",
    to: "/business-tagging",
  },
];

const STEPS = [
  { n: "1", title: "Tag", text: "Describe the item, add photos and get a unique serial number." },
  { n: "2", title: "Secure", text: "Mark it lost or stolen in one tap; its status updates everywhere at once." },
  { n: "3", title: "Verify", text: "Anyone can check a serial at /verify before buying or returning an item." },
];

export default function LandingPage() {
  const { isAuthenticated } = useConvexAuth();
  return (
    <div className="w-full">
      <section className="relative overflow-hidden bg-gradient-to-b from-indigo-50 via-white to-slate-50 dark:from-indigo-950/60 dark:via-slate-950 dark:to-slate-950">
        <div className="mx-auto grid max-w-7xl items-center gap-12 px-4 py-14 sm:px-6 sm:py-20 lg:grid-cols-[1.15fr_1fr]">
          <div>
            <p className="inline-flex items-center gap-2 rounded-full bg-indigo-100 px-3 py-1 text-xs font-semibold text-indigo-700 dark:bg-indigo-900/70 dark:text-indigo-200">
              Asset registry · TMT wallet · Referrals
            </p>
            <h1 className="mt-5 text-4xl font-extrabold tracking-tight text-slate-900 sm:text-5xl lg:text-6xl dark:text-white">
              Tag it. Secure it. <span className="text-indigo-600 dark:text-indigo-400">Prove it's yours.</span>
            </h1>
            <p className="mt-5 max-w-xl text-lg leading-relaxed text-slate-600 dark:text-slate-300">
              TagMyThing registers what you own (physical things, digital assets and NFTs, your will, your business
              inventory) and gives every item a serial number anyone can verify.
            </p>
            <div className="mt-8 flex flex-wrap gap-3">
              <Link to="/tag" className={buttonClasses("primary", "lg")}>
                Tag Asset
              </Link>
              {isAuthenticated ? (
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
          <div className="rounded-3xl border border-slate-200 bg-white p-6 shadow-xl shadow-indigo-900/5 sm:p-8 dark:border-slate-800 dark:bg-slate-900">
            <h2 className="text-xl font-bold text-slate-900 dark:text-white">Verify a serial number</h2>
            <p className="mt-2 text-sm text-slate-600 dark:text-slate-400">
              Found something, or buying second-hand? Check its registered status before you hand over any money.
            </p>
            <VerifySerialForm />
          </div>
        </div>
      </section>

      <section aria-labelledby="what-heading" className="mx-auto max-w-7xl px-4 py-16 sm:px-6">
        <h2 id="what-heading" className="text-3xl font-bold tracking-tight text-slate-900 dark:text-white">
          What TagMyThing does
        </h2>
        <p className="mt-3 max-w-2xl text-slate-600 dark:text-slate-400">
          One registry for everything you care about, with a token wallet (TMT) that rewards you for growing it.
        </p>
        <ul className="mt-10 grid gap-5 sm:grid-cols-2 lg:grid-cols-4">
          {FEATURES.map((feature) => (
            <li key={feature.to}>
              <Link
                to={feature.to}
                className="block h-full rounded-2xl border border-slate-200 bg-white p-6 shadow-sm transition hover:-translate-y-0.5 hover:border-indigo-300 hover:shadow-md dark:border-slate-800 dark:bg-slate-900 dark:hover:border-indigo-700"
              >
                <h3 className="font-semibold text-slate-900 dark:text-white">{feature.title}</h3>
                <p className="mt-2 text-sm leading-relaxed text-slate-600 dark:text-slate-400">{feature.text}</p>
              </Link>
            </li>
          ))}
        </ul>
      </section>

      <section aria-labelledby="how-heading" className="border-y border-slate-200 bg-white dark:border-slate-800 dark:bg-slate-900/40">
        <div className="mx-auto max-w-7xl px-4 py-16 sm:px-6">
          <h2 id="how-heading" className="text-3xl font-bold tracking-tight text-slate-900 dark:text-white">
            How it works
          </h2>
          <ol className="mt-10 grid gap-8 md:grid-cols-3">
            {STEPS.map((step) => (
              <li key={step.n} className="flex gap-4">
                <span className="grid h-10 w-10 shrink-0 place-items-center rounded-full bg-indigo-600 font-bold text-white">
                  {step.n}
                </span>
                <div>
                  <h3 className="font-semibold text-slate-900 dark:text-white">{step.title}</h3>
                  <p className="mt-1 text-sm leading-relaxed text-slate-600 dark:text-slate-400">{step.text}</p>
                </div>
              </li>
            ))}
          </ol>
        </div>
      </section>

      <section className="mx-auto max-w-7xl px-4 py-16 sm:px-6">
        <div className="flex flex-col items-start gap-6 rounded-3xl bg-indigo-600 px-6 py-10 text-white sm:px-10 md:flex-row md:items-center md:justify-between">
          <div>
            <h2 className="text-2xl font-bold">Start your registry today</h2>
            <p className="mt-2 text-indigo-100">Sign up, tag your first asset and read the latest news from the team.</p>
          </div>
          <div className="flex flex-wrap gap-3">
            <Link
              to="/tag"
              className="inline-flex h-12 items-center rounded-lg bg-white px-6 font-semibold text-indigo-700 shadow-sm hover:bg-indigo-50 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-white"
            >
              Tag Asset
            </Link>
            <Link to="/news" className={buttonClasses("ghost", "lg", "text-white hover:bg-white/10 dark:text-white")}>
              Latest news
            </Link>
          </div>
        </div>
      </section>
    </div>
  );
}
