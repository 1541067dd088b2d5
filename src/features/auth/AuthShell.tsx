import { useEffect, useRef, type ReactNode } from "react";
import { Card } from "../../ui";

interface AuthShellProps {
  title: ReactNode;
  subtitle?: ReactNode;
  children: ReactNode;
  /** Links under the card. */
  footer?: ReactNode;
  /** Move focus to the heading on mount: for screens without a field to focus (status screens). */
  focusHeading?: boolean;
  icon?: ReactNode;
}

/** The frame every sign-in screen shares: heading, one card, links below. */
export function AuthShell({ title, subtitle, children, footer, focusHeading = false, icon }: AuthShellProps) {
  const headingRef = useRef<HTMLHeadingElement>(null);
  useEffect(() => {
    if (focusHeading) headingRef.current?.focus();
  }, [focusHeading]);

  return (
    <div className="flex w-full flex-1 justify-center px-4 py-10 sm:py-16">
      <div className="w-full max-w-md">
        <div className="mb-6 flex flex-col items-center text-center">
          {icon}
          <h1
            ref={headingRef}
            tabIndex={-1}
            className="text-2xl font-bold tracking-tight text-slate-900 focus:outline-none sm:text-3xl dark:text-white"
          >
            {title}
          </h1>
          {subtitle && <p className="mt-2 text-sm text-slate-600 dark:text-slate-400">{subtitle}</p>}
        </div>
        <Card padding="lg">{children}</Card>
        {footer && (
          <div className="mt-6 flex flex-col items-center gap-2 text-center text-sm text-slate-600 dark:text-slate-400">
            {footer}
          </div>
        )}
      </div>
    </div>
  );
}

export const linkClass =
  "font-medium text-indigo-600 underline-offset-4 hover:underline focus-visible:rounded focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-indigo-500 dark:text-indigo-400";

/** An inline alert for form-level errors and notices, announced when it appears. */
export function FormAlert({ tone = "error", children }: { tone?: "error" | "success" | "info"; children: ReactNode }) {
  const tones = {
    error: "border-red-200 bg-red-50 text-red-800 dark:border-red-900/60 dark:bg-red-950/50 dark:text-red-200",
    success:
      "border-emerald-200 bg-emerald-50 text-emerald-800 dark:border-emerald-900/60 dark:bg-emerald-950/50 dark:text-emerald-200",
    info: "border-indigo-200 bg-indigo-50 text-indigo-800 dark:border-indigo-900/60 dark:bg-indigo-950/50 dark:text-indigo-200",
  };
  return (
    <div role={tone === "error" ? "alert" : "status"} className={`rounded-lg border px-3 py-2.5 text-sm ${tones[tone]}`}>
      {children}
    </div>
  );
}
