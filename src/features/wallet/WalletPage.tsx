import { useQuery } from "convex/react";
import { api } from "../../../convex/_generated/api";
import type { WalletOverview } from "../../../convex/lib/wallet/tables";
import { PageSpinner, QueryErrorBoundary } from "../../ui";
import { BalanceChart } from "./BalanceChart";
import { BuyTmt } from "./BuyTmt";
import { HowToEarn } from "./HowToEarn";
import { TransactionList } from "./TransactionList";
import { formatTmt } from "../../lib/format";
import { useWorkspace, useWorkspaceQuery } from "../../lib/useWorkspace";
import type { MyWorkspace } from "../../../convex/lib/workspaces/tables";

const EMPTY: WalletOverview = { balance: 0, transactions: [] };

const WALLET_TEXT = {
  title: "Wallet",
  loading: "Loading wallet...",
  balance: "Current balance",
  loadFailed: "We could not load your wallet just now.",
  sharedBalance: (name: string) => `${name}'s wallet: pays for its members' tagging and imports`,
} as const;

/** A household or business workspace's wallet, when one is current; else the user's own. */
function useSharedWallet(): MyWorkspace | null {
  const { current } = useWorkspace();
  return current !== null && current.kind !== "personal" ? current : null;
}

function WalletView({ wallet, failed = false }: { wallet: WalletOverview; failed?: boolean }) {
  const shared = useSharedWallet();
  return (
    <div className="grid gap-6 lg:grid-cols-[minmax(0,1fr)_20rem]">
      <div className="flex min-w-0 flex-col gap-6">
        <section
          aria-label={WALLET_TEXT.balance}
          className="rounded-2xl bg-gradient-to-br from-indigo-600 to-violet-600 p-6 text-white shadow-sm sm:p-8"
        >
          <p className="text-sm font-medium text-indigo-100">{shared === null ? WALLET_TEXT.balance : WALLET_TEXT.sharedBalance(shared.name)}</p>
          <p className="mt-2 text-4xl font-bold tabular-nums tracking-tight sm:text-5xl" data-testid="wallet-balance">
            {formatTmt(wallet.balance)}
          </p>
          {failed && (
            <p role="alert" className="mt-3 text-sm text-indigo-100">
              {WALLET_TEXT.loadFailed}
            </p>
          )}
        </section>
        {!failed && <BalanceChart shared={shared !== null} />}
        <TransactionList transactions={wallet.transactions} />
      </div>
      <div className="flex flex-col gap-6">
        {!failed && <BuyTmt shared={shared !== null} />}
        <HowToEarn />
      </div>
    </div>
  );
}

function LiveWallet() {
  const shared = useSharedWallet();
  const own = useQuery(api.wallet.overview, shared === null ? {} : "skip");
  const workspace = useWorkspaceQuery(api.wallet.workspaceOverview, shared === null ? "skip" : {});
  const overview = shared === null ? own : workspace;
  if (overview === undefined) return <PageSpinner label={WALLET_TEXT.loading} />;
  // null only while signing out: nothing to show but an empty wallet.
  return <WalletView wallet={overview ?? EMPTY} />;
}

/** /wallet: the live balance, the latest transactions and how to earn more. */
export default function WalletPage() {
  return (
    <section className="mx-auto w-full max-w-6xl px-4 py-8 sm:px-6 sm:py-12">
      <h1 className="mb-6 text-3xl font-bold tracking-tight text-slate-900 dark:text-white">{WALLET_TEXT.title}</h1>
      {/* A load failure shows balance 0 and no transactions, never an error page. */}
      <QueryErrorBoundary fallback={() => <WalletView wallet={EMPTY} failed />}>
        <LiveWallet />
      </QueryErrorBoundary>
    </section>
  );
}
