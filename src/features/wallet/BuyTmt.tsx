import { MAX_IMPORT_ROWS } from "../../../convex/lib/constants";
import { importCost } from "../../../convex/lib/csv/pricing";
import { packFor, TOP_UP_TEXT } from "../../../convex/lib/payments/packs";
import { BuyPackButton, OWNERS_TOP_UP, useTopUp } from "../../lib/TopUpButton";
import { formatNumber, formatTmt } from "../../lib/format";

// The largest import a file allows, priced, and the pack that pays for it.
const FULL_IMPORT = importCost(MAX_IMPORT_ROWS);
const FULL_IMPORT_PACK = packFor(FULL_IMPORT, 0);

/** /wallet's top-up card: every pack on sale (convex/lib/payments/packs.ts), for the wallet shown. */
export function BuyTmt({ shared = false }: { shared?: boolean }) {
  const topUp = useTopUp(shared);
  return (
    <section
      aria-labelledby="buy-tmt"
      className="rounded-2xl border border-slate-200 bg-white p-5 shadow-sm sm:p-6 dark:border-slate-800 dark:bg-slate-900"
    >
      <h2 id="buy-tmt" className="text-lg font-semibold text-slate-900 dark:text-white">
        Buy TMT
      </h2>
      {topUp === null ? (
        <p className="mt-3 text-sm text-slate-500 dark:text-slate-400">Loading...</p>
      ) : !topUp.offer.available ? (
        <p className="mt-3 text-sm text-slate-600 dark:text-slate-300">{TOP_UP_TEXT.unavailableForUser}</p>
      ) : !topUp.mayBuy ? (
        <p className="mt-3 text-sm text-slate-600 dark:text-slate-300">{OWNERS_TOP_UP}</p>
      ) : (
        <>
          <p className="mt-1 text-sm text-slate-600 dark:text-slate-300">
            For tagging and importing a whole inventory: {formatTmt(FULL_IMPORT_PACK.tmt)} covers a{" "}
            {formatNumber(MAX_IMPORT_ROWS)}-item import ({formatTmt(FULL_IMPORT)}).
          </p>
          <ul className="mt-4 flex flex-col gap-2">
            {topUp.offer.packs.map((pack) => (
              <li key={pack.id}>
                <BuyPackButton pack={pack} topUp={topUp} />
              </li>
            ))}
          </ul>
          {topUp.offer.test && <p className="mt-3 text-xs text-slate-500 dark:text-slate-400">{TOP_UP_TEXT.testMode}</p>}
        </>
      )}
    </section>
  );
}
