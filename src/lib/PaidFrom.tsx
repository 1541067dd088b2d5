// Which wallet pays, said before anything is charged (the tag form, the import screen):
// a personal workspace spends the user's own wallet, a household or business one its own
// (convex/lib/wallet/payer.ts decides; the server charges the same way).
import { api } from "../../convex/_generated/api";
import type { PayerView } from "../../convex/lib/wallet/tables";
import { formatTmt } from "./format";
import { useWorkspaceQuery } from "./useWorkspace";

/** The wallet that pays in the current workspace, with its balance; undefined while loading, null without access. */
export function usePayer(): PayerView | null | undefined {
  return useWorkspaceQuery(api.wallet.payer, {});
}

function paidFromText(payer: PayerView): string {
  return payer.holder === "you" ? "Paid from your wallet" : `Paid from ${payer.name}'s wallet (${formatTmt(payer.balance)})`;
}

/** What to do when the paying wallet is short of the tagging cost `needed`. */
export function shortToTagText(payer: PayerView, needed: number): string {
  return payer.holder === "you"
    ? `You need ${formatTmt(needed)} to tag an asset. Earn tokens from your wallet and referrals.`
    : `${payer.name}'s wallet needs ${formatTmt(needed)} to tag an asset. Its owners and admins can top it up on the Wallet page.`;
}

export function PaidFrom({ payer }: { payer: PayerView | null | undefined }) {
  if (payer === undefined || payer === null) return null;
  return (
    <p className="text-sm text-slate-600 dark:text-slate-400" data-testid="paid-from">
      {paidFromText(payer)}
    </p>
  );
}
