// Buying TMT (convex/topUps.ts), paid through the deployment's payment provider;
// in test mode it is credited at once and says that no money was taken. The import
// screen offers the smallest pack that covers what is needed; /wallet lists them all.
import { useAction, useQuery } from "convex/react";
import { useState } from "react";
import { toast } from "sonner";
import { api } from "../../convex/_generated/api";
import { packFor, TOP_UP_TEXT } from "../../convex/lib/payments/packs";
import { Button, Modal } from "../ui";
import { can } from "../../convex/lib/workspaces/rules";
import { errorMessage } from "./errors";
import { useWorkspace, useWorkspaceAction } from "./useWorkspace";
import { formatAmount, formatTmt } from "./format";

type Pack = { id: string; tmt: number; priceMinor: number };

/**
 * The packs on sale and a way to buy one (null while loading): for the caller's own wallet,
 * or with `forWorkspace` for the current household or business workspace's, which only its
 * owners and admins may top up (`mayBuy` false for the rest; the server refuses them too).
 */
export function useTopUp(forWorkspace = false) {
  const offer = useQuery(api.topUps.offer, {});
  const buyOwn = useAction(api.topUps.buy);
  const buyShared = useWorkspaceAction(api.topUps.buyForWorkspace);
  const { current } = useWorkspace();
  const [buying, setBuying] = useState<string | null>(null);
  if (offer === undefined || (forWorkspace && current === null)) return null;
  const mayBuy = !forWorkspace || can(current?.role, "fundWallet");
  const walletName = forWorkspace ? `${current?.name ?? ""}'s wallet` : "your wallet";
  const priceOf = (pack: Pack) => formatAmount({ amount: pack.priceMinor, currency: offer.currency });
  const purchase = async (pack: Pack) => {
    setBuying(pack.id);
    try {
      const result = forWorkspace ? await buyShared({ packId: pack.id }) : await buyOwn({ packId: pack.id });
      if (result.kind === "redirect") window.location.assign(result.redirectUrl);
      else toast.success(`${formatTmt(result.tmt)} added to ${walletName}${offer.test ? " (test mode: no payment taken)" : ""}`);
    } catch (e) {
      toast.error(errorMessage(e, TOP_UP_TEXT.paymentFailed));
    } finally {
      setBuying(null);
    }
  };
  return { offer, buying, priceOf, purchase, mayBuy, walletName };
}

/** One pack's buy button: it asks first (what, for how much, into which wallet), then pays, busy while the payment runs. */
export function BuyPackButton({ pack, topUp }: { pack: Pack; topUp: NonNullable<ReturnType<typeof useTopUp>> }) {
  const [asking, setAsking] = useState(false);
  const price = topUp.priceOf(pack);
  const buy = async () => {
    await topUp.purchase(pack);
    setAsking(false);
  };
  return (
    <>
      <Button size="sm" onClick={() => setAsking(true)} loading={topUp.buying === pack.id} disabled={topUp.buying !== null} loadingText="Paying...">
        Buy {formatTmt(pack.tmt)} for {price}
      </Button>
      <Modal
        open={asking}
        onOpenChange={(open) => topUp.buying === null && setAsking(open)}
        size="sm"
        title={`Buy ${formatTmt(pack.tmt)} for ${price}?`}
        description={`${formatTmt(pack.tmt)} go into ${topUp.walletName}.${topUp.offer.test ? ` ${TOP_UP_TEXT.testMode}` : ""}`}
        footer={
          <>
            <Button variant="outline" onClick={() => setAsking(false)} disabled={topUp.buying !== null}>
              Cancel
            </Button>
            <Button onClick={() => void buy()} loading={topUp.buying === pack.id} loadingText="Paying...">
              Pay {price}
            </Button>
          </>
        }
      />
    </>
  );
}

/** Said to editors and viewers where an owner or admin would see the packs. */
export const OWNERS_TOP_UP = "Only the workspace's owners and admins can top up its wallet.";

/** The smallest pack that brings `balance` up to `needed`, for the wallet that pays. */
export function TopUpButton({ needed, balance, forWorkspace = false }: { needed: number; balance: number; forWorkspace?: boolean }) {
  const topUp = useTopUp(forWorkspace);
  if (topUp === null) return null;
  if (!topUp.offer.available) return <p>{TOP_UP_TEXT.unavailableForUser}</p>;
  if (!topUp.mayBuy) return <p>{OWNERS_TOP_UP}</p>;
  return (
    <div className="flex flex-wrap items-center gap-2">
      <BuyPackButton pack={packFor(needed, balance)} topUp={topUp} />
      {topUp.offer.test && <span className="text-xs">{TOP_UP_TEXT.testMode}</span>}
    </div>
  );
}
