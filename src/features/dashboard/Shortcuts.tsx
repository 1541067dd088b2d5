import { Link } from "react-router";
import { DASHBOARD_TEXT } from "./dashboardText";

const LINKS = [
  { to: "/tag", label: "Tag an asset", text: "Register something new" },
  { to: "/assets", label: "My assets", text: "Status, labels, transfers" },
  { to: "/wallet", label: "Wallet", text: "Balance and history" },
  { to: "/nok", label: "Next of kin", text: "Who inherits what" },
  { to: "/public-assets", label: "Public assets", text: "The public registry" },
  { to: "/referrals", label: "Referrals", text: "Invite and earn TMT" },
];

export function Shortcuts() {
  return (
    <nav aria-label={DASHBOARD_TEXT.shortcuts} className="rounded-2xl border border-slate-200 bg-white p-5 shadow-sm dark:border-slate-800 dark:bg-slate-900">
      <h2 className="text-lg font-semibold text-slate-900 dark:text-white">{DASHBOARD_TEXT.shortcuts}</h2>
      <ul className="mt-3 grid grid-cols-2 gap-2">
        {LINKS.map((l) => (
          <li key={l.to}>
            <Link
              to={l.to}
              className="block h-full rounded-xl border border-slate-200 px-3 py-2.5 hover:border-indigo-300 hover:bg-indigo-50 dark:border-slate-700 dark:hover:border-indigo-700 dark:hover:bg-indigo-950/50"
            >
              <span className="block text-sm font-semibold text-slate-900 dark:text-white">{l.label}</span>
              <span className="block text-xs text-slate-500 dark:text-slate-400">{l.text}</span>
            </Link>
          </li>
        ))}
      </ul>
    </nav>
  );
}
