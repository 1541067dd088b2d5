// Buying TMT (convex/topUps.ts), paid through the deployment's payment provider;
// in test mode it is credited at once and says that no money was taken. The import
// screen offers the smallest pack that covers what is needed; /wallet lists them all.
import { useAction, useQuery } from "convex/react";
import { useState } from "react";
import { toast } from "sonner";
import { api } from "../../convex/_generated/api";
import { packFor, TOP_UP_TEXT } from "../../convex/lib/payments/packs";
import { Button } from "../ui";
import { errorMessage } from "./errors";
import { formatMoney, formatTmt } from "./format";

type Pack = { id: string; tmt: number; priceMinor: number };

/** The packs on sale and a way to buy one (null while loading). */
export function useTopUp() {
  const offer = useQuery(api.topUps.offer, {});
  const buy = useAction(api.topUps.buy);
  const [buying, setBuying] = useState<string | null>(null);
  if (offer === undefined) return null;
  const priceOf = (pack: Pack) => `${offer.currency === "GBP" ? "£" : `${offer.currency} `}${formatMoney(pack.priceMinor)}`;
  const purchase = async (pack: Pack) => {
    setBuying(pack.id);
    try {
      const result = await buy({ packId: pack.id });
      if (result.kind === "redirect") window.location.assign(result.redirectUrl);
      else toast.success(`${formatTmt(result.tmt)} added to your wallet${offer.test ? " (test mode: no payment taken)" : ""}`);
    } catch (e) {
      toast.error(errorMessage(e, TOP_UP_TEXT.paymentFailed));
    } finally {
      setBuying(null);
    }
  };
  return { offer, buying, priceOf, purchase };
}

/** One pack's buy button, busy while its payment runs. */
export function BuyPackButton({ pack, topUp }: { pack: Pack; topUp: NonNullable<ReturnType<typeof useTopUp>> }) {
  return (
    <Button size="sm" onClick={() => void topUp.purchase(pack)} loading={topUp.buying === pack.id} disabled={topUp.buying !== null} loadingText="Paying...">
      Buy {formatTmt(pack.tmt)} for {topUp.priceOf(pack)}
    </Button>
  );
}

/** The smallest pack that brings `balance` up to `needed`. */
export function TopUpButton({ needed, balance }: { needed: number; balance: number }) {
  const topUp = useTopUp();
  if (topUp === null) return null;
  if (!topUp.offer.available) return <p>{TOP_UP_TEXT.unavailableForUser}</p>;
  return (
    <div className="flex flex-wrap items-center gap-2">
      <BuyPackButton pack={packFor(needed, balance)} topUp={topUp} />
      {topUp.offer.test && <span className="text-xs">{TOP_UP_TEXT.testMode}</span>}
    </div>
  );
}
