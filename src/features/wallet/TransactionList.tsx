import type { TransactionView } from "../../../convex/lib/wallet/tables";
import { WALLET_HISTORY_LIMIT } from "../../../convex/lib/constants";
import { cn } from "../../ui";
import { sourceLabel } from "./walletFormat";
import { formatDateTime, formatSignedTmt } from "../../lib/format";

function TypeBadge({ type }: { type: TransactionView["type"] }) {
  return (
    <span
      className={cn(
        "inline-flex rounded-full px-2 py-0.5 text-xs font-semibold capitalize",
        type === "earned"
          ? "bg-emerald-100 text-emerald-800 dark:bg-emerald-950 dark:text-emerald-300"
          : "bg-rose-100 text-rose-800 dark:bg-rose-950 dark:text-rose-300",
      )}
    >
      {type}
    </span>
  );
}

function Row({ tx }: { tx: TransactionView }) {
  return (
    <li className="flex flex-wrap items-start justify-between gap-x-4 gap-y-1 px-5 py-4 sm:px-6">
      <div className="min-w-0 flex-1">
        <p className="break-words font-medium text-slate-900 dark:text-white">{tx.description}</p>
        <p className="mt-1 flex flex-wrap items-center gap-x-2 gap-y-1 text-sm text-slate-500 dark:text-slate-400">
          <time dateTime={new Date(tx.createdAt).toISOString()}>{formatDateTime(tx.createdAt)}</time>
          <span aria-hidden="true">·</span>
          <span>{sourceLabel(tx.source)}</span>
          {tx.by !== undefined && (
            <>
              <span aria-hidden="true">·</span>
              <span>by {tx.by}</span>
            </>
          )}
          <TypeBadge type={tx.type} />
        </p>
      </div>
      <p
        className={cn(
          "shrink-0 text-base font-semibold tabular-nums",
          tx.amount < 0 ? "text-rose-700 dark:text-rose-300" : "text-emerald-700 dark:text-emerald-300",
        )}
      >
        {formatSignedTmt(tx.amount)}
      </p>
    </li>
  );
}

export function TransactionList({ transactions }: { transactions: TransactionView[] }) {
  return (
    <section
      aria-labelledby="wallet-history"
      className="rounded-2xl border border-slate-200 bg-white shadow-sm dark:border-slate-800 dark:bg-slate-900"
    >
      <div className="flex items-baseline justify-between gap-3 border-b border-slate-200 px-5 py-4 sm:px-6 dark:border-slate-800">
        <h2 id="wallet-history" className="text-lg font-semibold text-slate-900 dark:text-white">
          Recent transactions
        </h2>
        <p className="text-xs text-slate-500 dark:text-slate-400">Latest {WALLET_HISTORY_LIMIT}</p>
      </div>
      {transactions.length === 0 ? (
        <div className="px-6 py-10 text-center">
          <p className="font-medium text-slate-800 dark:text-slate-200">No transactions yet</p>
          <p className="mt-1 text-sm text-slate-500 dark:text-slate-400">
            Tokens you earn or spend will appear here.
          </p>
        </div>
      ) : (
        <ul className="divide-y divide-slate-200 dark:divide-slate-800" aria-label="Transactions">
          {transactions.map((tx) => (
            <Row key={tx._id} tx={tx} />
          ))}
        </ul>
      )}
    </section>
  );
}
