import { Link } from "react-router";
import { REFERRAL_REWARD, SIGNUP_BONUS, TAGGING_COST } from "../../../convex/lib/constants";
import { formatTmt } from "../../lib/format";

const linkClass = "font-medium text-indigo-600 hover:underline dark:text-indigo-400";

/** The token economy (convex/lib/constants.ts), in the user's words. */
export function HowToEarn() {
  return (
    <aside
      aria-labelledby="how-to-earn"
      className="h-fit rounded-2xl border border-slate-200 bg-white p-5 shadow-sm sm:p-6 dark:border-slate-800 dark:bg-slate-900"
    >
      <h2 id="how-to-earn" className="text-lg font-semibold text-slate-900 dark:text-white">
        How to earn TMT
      </h2>
      <ul className="mt-4 flex flex-col gap-4 text-sm text-slate-600 dark:text-slate-300">
        <li>
          <p className="font-semibold text-slate-900 dark:text-white">Join: {formatTmt(SIGNUP_BONUS)}</p>
          <p className="mt-0.5">Every new account starts with a welcome bonus.</p>
        </li>
        <li>
          <p className="font-semibold text-slate-900 dark:text-white">
            Refer a friend: {formatTmt(REFERRAL_REWARD)}
          </p>
          <p className="mt-0.5">
            Share your link from{" "}
            <Link to="/referrals" className={linkClass}>
              Referrals
            </Link>
            . You earn when the person you referred verifies their account.
          </p>
        </li>
        <li>
          <p className="font-semibold text-slate-900 dark:text-white">Spend: {formatTmt(TAGGING_COST)} per tag</p>
          <p className="mt-0.5">
            <Link to="/tag" className={linkClass}>
              Tagging an asset
            </Link>{" "}
            uses tokens from your balance.
          </p>
        </li>
      </ul>
    </aside>
  );
}
