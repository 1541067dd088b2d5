import { cn } from "./cn";

type SpinnerSize = "sm" | "md" | "lg";

interface SpinnerProps {
  /** Visible text next to the spinner; also what screen readers announce. */
  label?: string;
  size?: SpinnerSize;
  className?: string;
}

const sizes: Record<SpinnerSize, string> = {
  sm: "h-4 w-4 border-2",
  md: "h-6 w-6 border-2",
  lg: "h-10 w-10 border-4",
};

export function Spinner({ label, size = "md", className }: SpinnerProps) {
  return (
    <div role="status" aria-live="polite" className={cn("inline-flex items-center gap-3", className)}>
      <span
        aria-hidden="true"
        className={cn(
          "animate-spin rounded-full border-indigo-600 border-t-transparent dark:border-indigo-400 dark:border-t-transparent",
          sizes[size],
        )}
      />
      {label ? (
        <span className="text-sm font-medium text-slate-600 dark:text-slate-300">{label}</span>
      ) : (
        <span className="sr-only">Loading</span>
      )}
    </div>
  );
}

/** Centred spinner that fills the content area; used for auth, profile and page loading. */
export function PageSpinner({ label }: { label: string }) {
  return (
    <div className="flex min-h-[50vh] w-full items-center justify-center p-8">
      <Spinner label={label} size="lg" />
    </div>
  );
}
