import { importCostLines } from "../../../convex/lib/csv/pricing";
import { PaidFrom, usePayer } from "../../lib/PaidFrom";
import { TopUpButton } from "../../lib/TopUpButton";
import { formatNumber, formatTmt } from "../../lib/format";
import { Button } from "../../ui";

/**
 * The price of the new items (volume tiers; updates are free), the balance, and the pay
 * button, refused while the balance is short, with what to do about it.
 */
export function ImportCost({ creates, updates, cost, busy, onPay }: { creates: number; updates: number; cost: number; busy: boolean; onPay: () => void }) {
  // The business workspace's wallet pays (convex/lib/wallet/payer.ts); the screen names it first.
  const payer = usePayer();
  const balance = payer?.balance;
  const lines = importCostLines(creates);
  const short = balance !== undefined && balance !== null ? cost - balance : 0;
  return (
    <div className="flex flex-col gap-3 rounded-xl border border-slate-200 p-4 dark:border-slate-800" aria-label="Cost">
      <dl className="grid grid-cols-[1fr_auto] gap-x-4 gap-y-1 text-sm">
        {lines.map((l) => (
          <div key={l.each} className="contents">
            <dt>{formatNumber(l.count)} new item{l.count === 1 ? "" : "s"} at {formatTmt(l.each)}</dt>
            <dd className="text-right tabular-nums">{formatTmt(l.subtotal)}</dd>
          </div>
        ))}
        {updates > 0 && (
          <div className="contents">
            <dt>{formatNumber(updates)} existing item{updates === 1 ? "" : "s"} updated (free)</dt>
            <dd className="text-right tabular-nums">{formatTmt(0)}</dd>
          </div>
        )}
        <dt className="border-t border-slate-200 pt-1 font-semibold dark:border-slate-800">Total</dt>
        <dd className="border-t border-slate-200 pt-1 text-right font-semibold tabular-nums dark:border-slate-800" data-testid="import-cost">{formatTmt(cost)}</dd>
        <dt className="text-slate-600 dark:text-slate-400">{payer?.holder === "workspace" ? "Wallet balance" : "Your balance"}</dt>
        <dd className="text-right tabular-nums text-slate-600 dark:text-slate-400" data-testid="import-balance">{balance === undefined || balance === null ? "…" : formatTmt(balance)}</dd>
      </dl>
      <PaidFrom payer={payer} />
      {short > 0 ? (
        <div role="alert" className="flex flex-col gap-2 rounded-lg bg-amber-50 p-3 text-sm text-amber-900 dark:bg-amber-950 dark:text-amber-100">
          <p>
            Insufficient tokens: you need {formatTmt(short)} more. Buy TMT below, or import fewer new items.
          </p>
          <TopUpButton needed={cost} balance={balance ?? 0} forWorkspace={payer?.holder === "workspace"} />
        </div>
      ) : null}
      <div>
        <Button onClick={onPay} disabled={balance === undefined || short > 0 || creates + updates === 0} loading={busy} loadingText="Starting...">
          {cost > 0 ? `Import and pay ${formatTmt(cost)}` : "Import (free)"}
        </Button>
      </div>
    </div>
  );
}
