import { Link } from "react-router";
import { REFERRAL_REWARD, SIGNUP_BONUS, TAGGING_COST, TOKEN_SYMBOL } from "../../../convex/lib/constants";
import { buttonClasses } from "../../ui";
import { formatTmt } from "../../lib/format";

const USES = [
  { title: "Tagging", text: `Each asset you register costs ${formatTmt(TAGGING_COST)}, which keeps the registry free of spam.` },
  { title: "Governance", text: `Your ${TOKEN_SYMBOL} balance is your voting weight on DAO proposals. Voting itself is free.` },
  { title: "Rewards", text: "Members who grow the registry earn tokens for it, recorded in a transparent ledger." },
];

const EARN = [
  { figure: `+${formatTmt(SIGNUP_BONUS)}`, title: "Join", text: "Every new account starts with a welcome bonus." },
  {
    figure: `+${formatTmt(REFERRAL_REWARD)}`,
    title: "Refer a friend",
    text: "Share your link; you earn when the person you referred verifies their account.",
  },
  { figure: `−${formatTmt(TAGGING_COST)}`, title: "Tag an asset", text: "Spent from your balance each time you tag something." },
];

const PHASES = [
  { name: "Phase 1 · Registry", status: "Live", text: "Tag assets, verify serials, the wallet and its ledger." },
  { name: "Phase 2 · Referrals", status: "Live", text: "Share links, influencer dashboards, rewards on verification." },
  { name: "Phase 3 · Governance", status: "Live", text: `DAO proposals decided by ${TOKEN_SYMBOL}-weighted votes with quorum.` },
  { name: "Phase 4 · Open token", status: "Planned", text: `${TOKEN_SYMBOL} moves between members and beyond the app.` },
];

export default function LaunchPage() {
  return (
    <div className="mx-auto w-full max-w-6xl px-4 py-10 sm:px-6 sm:py-14">
      <p className="text-sm font-semibold uppercase tracking-wider text-indigo-600 dark:text-indigo-400">Launch</p>
      <h1 className="mt-2 text-3xl font-bold tracking-tight text-slate-900 sm:text-4xl dark:text-white">
        The {TOKEN_SYMBOL} token
      </h1>
      <p className="mt-4 max-w-2xl text-lg leading-relaxed text-slate-600 dark:text-slate-300">
        {TOKEN_SYMBOL} is how TagMyThing rewards the people who build its registry and how they decide where it goes
        next.
      </p>

      <section aria-labelledby="uses" className="mt-12">
        <h2 id="uses" className="text-2xl font-bold text-slate-900 dark:text-white">
          What {TOKEN_SYMBOL} is for
        </h2>
        <ul className="mt-6 grid gap-4 md:grid-cols-3">
          {USES.map((u) => (
            <li key={u.title} className="rounded-2xl border border-slate-200 bg-white p-5 dark:border-slate-800 dark:bg-slate-900">
              <h3 className="font-semibold text-slate-900 dark:text-white">{u.title}</h3>
              <p className="mt-1 text-sm text-slate-600 dark:text-slate-400">{u.text}</p>
            </li>
          ))}
        </ul>
      </section>

      <section aria-labelledby="earn" className="mt-12">
        <h2 id="earn" className="text-2xl font-bold text-slate-900 dark:text-white">
          Earn and spend
        </h2>
        <ul className="mt-6 grid gap-4 md:grid-cols-3">
          {EARN.map((e) => (
            <li key={e.title} className="rounded-2xl bg-indigo-50 p-5 dark:bg-indigo-950/50">
              <p className="text-2xl font-bold tabular-nums text-indigo-700 dark:text-indigo-300">{e.figure}</p>
              <h3 className="mt-1 font-semibold text-slate-900 dark:text-white">{e.title}</h3>
              <p className="mt-1 text-sm text-slate-600 dark:text-slate-300">{e.text}</p>
            </li>
          ))}
        </ul>
      </section>

      <section aria-labelledby="phases" className="mt-12">
        <h2 id="phases" className="text-2xl font-bold text-slate-900 dark:text-white">
          Programme phases
        </h2>
        <ol className="mt-6 grid gap-4 md:grid-cols-2 lg:grid-cols-4">
          {PHASES.map((p) => (
            <li key={p.name} className="rounded-2xl border border-slate-200 bg-white p-5 dark:border-slate-800 dark:bg-slate-900">
              <span
                className={
                  p.status === "Live"
                    ? "rounded-full bg-emerald-100 px-2 py-0.5 text-xs font-semibold text-emerald-800 dark:bg-emerald-900/60 dark:text-emerald-200"
                    : "rounded-full bg-slate-100 px-2 py-0.5 text-xs font-semibold text-slate-700 dark:bg-slate-800 dark:text-slate-300"
                }
              >
                {p.status}
              </span>
              <h3 className="mt-3 font-semibold text-slate-900 dark:text-white">{p.name}</h3>
              <p className="mt-1 text-sm text-slate-600 dark:text-slate-400">{p.text}</p>
            </li>
          ))}
        </ol>
      </section>

      <div className="mt-12 flex flex-wrap gap-3">
        <Link to="/auth" className={buttonClasses("primary", "lg")}>
          Claim your {formatTmt(SIGNUP_BONUS)}
        </Link>
        <Link to="/dao" className={buttonClasses("outline", "lg")}>
          See the DAO
        </Link>
      </div>
    </div>
  );
}
