import { useState } from "react";
import type { Id } from "../../../convex/_generated/dataModel";
import { MAX_CHECKOUT_ITEMS } from "../../../convex/lib/custody/rules";
import { Button, Modal } from "../../ui";
import { itemsText } from "../bulk";
import { CheckOutForm } from "../custody/CheckOutForm";
import type { ScannedAsset } from "./scanSteps";

/** Items gathered by scanning, to check out together (to one borrower, one due date). */
export function ScanBasket({ items, onChange }: { items: ScannedAsset[]; onChange: (items: ScannedAsset[]) => void }) {
  const [lending, setLending] = useState(false);
  const [lent, setLent] = useState(false);
  // Once the items are out, closing the dialog (Done or not) empties the list for the next loan.
  const close = (open: boolean) => {
    setLending(open);
    if (open || !lent) return;
    setLent(false);
    onChange([]);
  };
  return (
    <section aria-labelledby="scan-basket-title" className="flex flex-col gap-2 rounded-xl border border-slate-200 p-4 dark:border-slate-700">
      <h2 id="scan-basket-title" className="font-semibold text-slate-900 dark:text-white">To check out: {itemsText(items.length)}</h2>
      {items.length === 0 ? (
        <p className="text-sm text-slate-600 dark:text-slate-300">Scan the items to lend; they gather here.</p>
      ) : (
        <ul className="flex flex-col gap-1">
          {items.map((item) => (
            <li key={item.assetId} className="flex items-center justify-between gap-2 text-sm">
              <span className="min-w-0 truncate">
                {item.name} <span className="font-mono text-xs text-slate-500 dark:text-slate-400">{item.serial}</span>
              </span>
              <Button variant="ghost" size="sm" aria-label={`Remove ${item.name}`} onClick={() => onChange(items.filter((i) => i.assetId !== item.assetId))}>
                Remove
              </Button>
            </li>
          ))}
        </ul>
      )}
      <Button className="self-start" disabled={items.length === 0 || items.length > MAX_CHECKOUT_ITEMS} onClick={() => setLending(true)}>
        Check out {itemsText(items.length)}
      </Button>
      <Modal open={lending} onOpenChange={close} title={`Check out ${itemsText(items.length)}`}>
        <CheckOutForm assetIds={items.map((i) => i.assetId as Id<"assets">)} onCheckedOut={() => setLent(true)} onDone={() => close(false)} />
      </Modal>
    </section>
  );
}
