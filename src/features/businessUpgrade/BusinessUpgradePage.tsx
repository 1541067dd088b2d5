import { Link } from "react-router";
import { useConvexAuth, useQuery } from "convex/react";
import { api } from "../../../convex/_generated/api";
import { buttonClasses } from "../../ui";
import { RequestForm } from "./RequestForm";
import { formatDateTime } from "../../lib/format";

const FEATURES = [
  { title: "Inventory dashboard", text: "Every business asset with totals of items, quantity and value by location and category." },
  { title: "CSV import and export", text: "Bring in thousands of items at once with a preview and per-row checks; export any time." },
  { title: "Bulk tagging", text: "Each imported item gets its own serial, charged once after you confirm the total." },
  { title: "Genuine-product checks", text: "Customers verify your serials before they buy, and see if an item was reported stolen." },
];

function Status() {
  const { isAuthenticated, isLoading } = useConvexAuth();
  const me = useQuery(api.users.me, isAuthenticated ? {} : "skip");
  const request = useQuery(api.businessRequests.mine, isAuthenticated ? {} : "skip");
  if (isLoading || (isAuthenticated && (me === undefined || request === undefined))) {
    return <p className="text-sm text-slate-500">Loading...</p>;
  }
  if (!isAuthenticated || !me) {
    return (
      <div>
        <p className="text-slate-700 dark:text-slate-300">Sign in to ask for business features.</p>
        <Link to="/auth" state={{ from: { pathname: "/business-upgrade" } }} className={buttonClasses("primary", "md", "mt-4")}>
          Sign In
        </Link>
      </div>
    );
  }
  if (me.isBusinessUser) {
    return (
      <div>
        <p className="font-medium text-emerald-700 dark:text-emerald-300">Your account has business features.</p>
        <Link to="/business-dashboard" className={buttonClasses("primary", "md", "mt-4")}>
          Open the Business dashboard
        </Link>
      </div>
    );
  }
  if (request?.status === "pending") {
    return (
      <p role="status" className="text-slate-700 dark:text-slate-300">
        Request sent {formatDateTime(request.createdAt)}. An admin will review it; this page and your menu update as soon
        as they decide.
      </p>
    );
  }
  return (
    <div>
      {request?.status === "declined" && (
        <p className="mb-4 text-sm text-slate-700 dark:text-slate-300">
          Your last request was declined{request.decidedAt ? ` on ${formatDateTime(request.decidedAt)}` : ""}. You can ask
          again, telling us a little more about your business.
        </p>
      )}
      <RequestForm />
    </div>
  );
}

/** /business-upgrade: where members without business features land, and ask for them. */
export default function BusinessUpgradePage() {
  return (
    <div className="mx-auto w-full max-w-5xl px-4 py-10 sm:px-6 sm:py-14">
      <p className="text-sm font-semibold uppercase tracking-wider text-indigo-600 dark:text-indigo-400">Business</p>
      <h1 className="mt-2 text-3xl font-bold tracking-tight text-slate-900 sm:text-4xl dark:text-white">
        Upgrade to Business
      </h1>
      <p className="mt-4 max-w-2xl text-lg text-slate-600 dark:text-slate-300">
        For shops, makers and companies that keep stock: manage your inventory in the same registry your customers
        trust.
      </p>
      <div className="mt-10 grid gap-8 lg:grid-cols-[1.4fr_1fr]">
        <ul className="grid gap-4 sm:grid-cols-2">
          {FEATURES.map((f) => (
            <li key={f.title} className="rounded-2xl border border-slate-200 bg-white p-5 dark:border-slate-800 dark:bg-slate-900">
              <h2 className="font-semibold text-slate-900 dark:text-white">{f.title}</h2>
              <p className="mt-1 text-sm text-slate-600 dark:text-slate-400">{f.text}</p>
            </li>
          ))}
        </ul>
        <section
          aria-labelledby="request-heading"
          className="order-first h-fit rounded-2xl border border-indigo-200 bg-indigo-50 p-5 sm:p-6 lg:order-none dark:border-indigo-900 dark:bg-indigo-950/40"
        >
          <h2 id="request-heading" className="text-lg font-semibold text-slate-900 dark:text-white">
            Request business features
          </h2>
          <div className="mt-3">
            <Status />
          </div>
        </section>
      </div>
    </div>
  );
}
