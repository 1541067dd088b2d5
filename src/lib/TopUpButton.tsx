// Buying TMT (convex/topUps.ts): the smallest pack that covers what is needed,
// paid through the deployment's payment provider; in test mode it is credited
// at once and says that no money was taken.
import { useAction, useQuery } from "convex/react";
import { useState } from "react";
import { toast } from "sonner";
import { api } from "../../convex/_generated/api";
import { packFor } from "../../convex/lib/payments/packs";
import { Button } from "../ui";
import { errorMessage } from "./errors";
import { formatMoney, formatTmt } from "./format";

export function TopUpButton({ needed, balance }: { needed: number; balance: number }) {
  const offer = useQuery(api.topUps.offer, {});
  const buy = useAction(api.topUps.buy);
  const [busy, setBusy] = useState(false);
  if (offer === undefined) return null;
  if (!offer.available) return <p>Buying TMT is not set up on this deployment yet: ask an administrator to credit your account.</p>;
  const pack = packFor(needed, balance);
  const price = `${offer.currency === "GBP" ? "£" : `${offer.currency} `}${formatMoney(pack.priceMinor)}`;
  const run = async () => {
    setBusy(true);
    try {
      const result = await buy({ packId: pack.id });
      if (result.kind === "redirect") window.location.assign(result.redirectUrl);
      else toast.success(`${formatTmt(result.tmt)} added to your wallet${offer.test ? " (test mode: no payment taken)" : ""}`);
    } catch (e) {
      toast.error(errorMessage(e, "The payment did not go through"));
    } finally {
      setBusy(false);
    }
  };
  return (
    <div className="flex flex-wrap items-center gap-2">
      <Button size="sm" onClick={() => void run()} loading={busy} loadingText="Paying...">
        Buy {formatTmt(pack.tmt)} for {price}
      </Button>
      {offer.test && <span className="text-xs">Test mode: no card is charged.</span>}
    </div>
  );
}
