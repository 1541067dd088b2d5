import type { LeaderboardEntry } from "../../../convex/lib/referrals/shapes";
import { TOKEN_SYMBOL } from "../../../convex/lib/constants";
import { formatDate, formatTmt } from "../../lib/format";

const cell = "px-4 py-3 text-sm";
const num = `${cell} text-right tabular-nums`;
const wide = "hidden md:table-cell";

/** Phones: one card per referrer instead of a table too wide to read. */
export function LeaderboardCards({ rows }: { rows: LeaderboardEntry[] }) {
  return (
    <ol aria-label="Referrers" className="divide-y divide-slate-200 sm:hidden dark:divide-slate-800">
      {rows.map((row, i) => (
        <li key={row._id} className="flex gap-3 px-4 py-3 text-sm">
          <span className="w-6 shrink-0 text-slate-500">{i + 1}</span>
          <div className="min-w-0">
            <p className="font-medium text-slate-900 dark:text-white">{row.name ?? "Unnamed"}</p>
            {row.email && <p className="break-all text-xs text-slate-500 dark:text-slate-400">{row.email}</p>}
            <p className="mt-1 text-slate-700 dark:text-slate-300">
              {row.referred} referred · {row.verified} verified · {formatTmt(row.earned)}
            </p>
          </div>
        </li>
      ))}
    </ol>
  );
}

export function LeaderboardTable({ rows }: { rows: LeaderboardEntry[] }) {
  return (
    <div className="hidden overflow-x-auto sm:block">
      <table className="w-full text-left">
        <thead className="bg-slate-50 text-xs uppercase tracking-wider text-slate-500 dark:bg-slate-950 dark:text-slate-400">
          <tr>
            <th scope="col" className={cell}>#</th>
            <th scope="col" className={cell}>Referrer</th>
            <th scope="col" className={`${cell} text-right`}>Referred</th>
            <th scope="col" className={`${cell} text-right`}>Verified</th>
            <th scope="col" className={`${cell} text-right`}>{TOKEN_SYMBOL} earned</th>
            <th scope="col" className={`${cell} ${wide}`}>Last referral</th>
          </tr>
        </thead>
        <tbody className="divide-y divide-slate-200 text-slate-800 dark:divide-slate-800 dark:text-slate-200">
          {rows.map((row, i) => (
            <tr key={row._id}>
              <td className={`${cell} text-slate-500`}>{i + 1}</td>
              <td className={cell}>
                <p className="font-medium">{row.name ?? "Unnamed"}</p>
                {row.email && <p className="text-xs text-slate-500 dark:text-slate-400">{row.email}</p>}
              </td>
              <td className={num}>{row.referred}</td>
              <td className={num}>{row.verified}</td>
              <td className={num}>{row.earned}</td>
              <td className={`${cell} ${wide} whitespace-nowrap`}>{formatDate(row.lastReferralAt)}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
