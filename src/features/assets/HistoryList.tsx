import { api } from "../../../convex/_generated/api";
import type { AssetDetail } from "../../../convex/lib/assets/read";
import type { Money } from "../../../convex/lib/money/currency";
import { formatAmount, formatDate, formatDateTime } from "../../lib/format";
import { useWorkspaceQuery } from "../../lib/useWorkspace";

/** One side of a change: an amount in the reader's locale, else the text the history kept. */
const shown = (money: Money | null | undefined, text: string | null) => (money ? formatAmount(money) : (text ?? "—"));

/** Every owner's period, as /verify shows it: dates only; the viewer's own marked. */
function Owners({ owners }: { owners: AssetDetail["owners"] }) {
  if (owners.length < 2) return null;
  return (
    <div className="flex flex-col gap-1">
      <h3 className="text-sm font-semibold text-slate-900 dark:text-white">Owners</h3>
      <ol aria-label="Owners" className="flex flex-col gap-0.5 text-xs text-slate-600 dark:text-slate-400">
        {owners.map((p, i) => (
          <li key={`${p.from}-${i}`}>
            Owner {i + 1}{p.yours ? " (you)" : ""}: {formatDate(p.from)} – {p.to === null ? "now" : formatDate(p.to)}
          </li>
        ))}
      </ol>
      <p className="text-xs text-slate-500 dark:text-slate-400">The history shows what happened while the asset was yours.</p>
    </div>
  );
}

/** Every change to the asset while it was the viewer's, newest first, with who and when. */
export function HistoryList({ asset }: { asset: AssetDetail }) {
  const events = useWorkspaceQuery(api.assets.history, { assetId: asset._id });
  return (
    <section aria-labelledby="history-title" className="flex flex-col gap-3">
      <h2 id="history-title" className="font-semibold text-slate-900 dark:text-white">History</h2>
      {events === undefined ? (
        <p className="text-sm text-slate-500">Loading history...</p>
      ) : (
        <ol className="flex flex-col gap-3 border-l-2 border-slate-200 pl-4 dark:border-slate-800" aria-label="Asset history">
          {events.map((e) => (
            <li key={e._id} className="text-sm">
              <p className="font-medium text-slate-900 dark:text-white">{e.summary}</p>
              <p className="text-xs text-slate-500 dark:text-slate-400">{e.actorName} · {formatDateTime(e.at)}</p>
              {e.changes.length > 0 && (
                <ul className="mt-1 flex flex-col gap-0.5 text-xs text-slate-600 dark:text-slate-400">
                  {e.changes.map((c, i) => (
                    <li key={i}><span className="font-medium">{c.field}:</span> {shown(c.money?.from, c.from)} → {shown(c.money?.to, c.to)}</li>
                  ))}
                </ul>
              )}
            </li>
          ))}
        </ol>
      )}
      <Owners owners={asset.owners} />
    </section>
  );
}
