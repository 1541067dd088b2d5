import { Link } from "react-router";
import { useConvexAuth, useQuery } from "convex/react";
import { api } from "../../../convex/_generated/api";
import { cn } from "../../ui/cn";
import { QueryErrorBoundary } from "../../ui/QueryErrorBoundary";
import { formatTmt } from "../../lib/format";

function Balance({ className }: { className?: string }) {
  const { isAuthenticated } = useConvexAuth();
  const balance = useQuery(api.wallet.balance, isAuthenticated ? {} : "skip");
  // No number until the live one arrives: nothing made up while loading or signed out.
  if (balance === undefined || balance === null) return null;
  return (
    <Link
      to="/wallet"
      title="Your TMT balance"
      className={cn(
        "inline-flex h-9 items-center whitespace-nowrap rounded-full bg-amber-50 px-3 text-sm font-semibold tabular-nums text-amber-800 ring-1 ring-amber-200 transition-colors hover:bg-amber-100 dark:bg-amber-950/60 dark:text-amber-200 dark:ring-amber-800 dark:hover:bg-amber-900/60",
        className,
      )}
    >
      {formatTmt(balance)}
    </Link>
  );
}

/** The header's live '{n} TMT' link to /wallet. */
export function HeaderBalance({ className }: { className?: string }) {
  return (
    <QueryErrorBoundary fallback={() => null}>
      <Balance className={className} />
    </QueryErrorBoundary>
  );
}
