import { Link, useNavigate } from "react-router";
import { Button, buttonClasses } from "../../ui";

/** Where the guard sends users whose role does not open the page they asked for. */
export default function UnauthorizedPage() {
  const navigate = useNavigate();
  return (
    <section className="mx-auto flex w-full max-w-xl flex-1 flex-col items-center justify-center px-4 py-16 text-center">
      <span
        aria-hidden="true"
        className="grid h-16 w-16 place-items-center rounded-2xl bg-red-50 text-red-600 dark:bg-red-950 dark:text-red-300"
      >
        <svg viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth={2} className="h-8 w-8">
          <rect x="4" y="10" width="16" height="11" rx="2" />
          <path d="M8 10V7a4 4 0 0 1 8 0v3" />
        </svg>
      </span>
      <h1 className="mt-6 text-3xl font-bold tracking-tight text-slate-900 dark:text-white">Access denied</h1>
      <p className="mt-3 text-base text-slate-600 dark:text-slate-300">
        You don't have permission to view this page. It is reserved for accounts with a different role. If you
        think this is a mistake, ask an administrator to check your account.
      </p>
      <div className="mt-8 flex flex-wrap justify-center gap-3">
        <Button variant="outline" onClick={() => void (window.history.length > 1 ? navigate(-1) : navigate("/"))}>
          Go back
        </Button>
        <Link to="/" className={buttonClasses("primary")}>
          Go to home page
        </Link>
      </div>
    </section>
  );
}
