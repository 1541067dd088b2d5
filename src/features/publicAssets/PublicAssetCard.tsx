import { Link } from "react-router";
import { KIND_LABELS } from "../../../convex/lib/assets/rules";
import type { PublicAssetCard as Card } from "../../../convex/lib/verify/tables";
import { formatDate } from "../../lib/format";
import { AssetStatusBadge } from "../../lib/AssetStatusBadge";
import { cn } from "../../ui";

export function PublicAssetCard({ asset }: { asset: Card }) {
  return (
    // The link is the name, stretched over the card: its label may then say more than it shows
    // (name and serial) without contradicting visible text (WCAG 2.5.3).
    <li
      className="group relative flex h-full flex-col overflow-hidden rounded-2xl border border-slate-200 bg-white shadow-sm transition hover:border-indigo-300 hover:shadow-md has-focus-visible:outline-2 has-focus-visible:outline-indigo-500 dark:border-slate-800 dark:bg-slate-900 dark:hover:border-indigo-700"
    >
      {/* On phones a card without a photo has no empty frame; its status moves into the text. */}
      <div className={cn("relative aspect-[4/3] items-center justify-center bg-slate-100 dark:bg-slate-800", asset.photoUrl ? "flex" : "hidden sm:flex")}>
        {asset.photoUrl ? (
          <img src={asset.photoUrl} alt="" loading="lazy" className="h-full w-full object-cover" />
        ) : (
          <span className="text-xs text-slate-600 dark:text-slate-400">No photo</span>
        )}
        <AssetStatusBadge status={asset.status} className="absolute left-3 top-3" />
      </div>
      <div className="flex flex-1 flex-col gap-1 p-4">
        {!asset.photoUrl && <AssetStatusBadge status={asset.status} className="self-start sm:hidden" />}
        <p className="text-xs font-semibold uppercase tracking-wide text-indigo-600 dark:text-indigo-400">
          {KIND_LABELS[asset.kind]}
          {asset.category ? ` · ${asset.category}` : ""}
        </p>
        <h2 className="break-words font-semibold text-slate-900 group-hover:text-indigo-700 dark:text-white dark:group-hover:text-indigo-300">
          <Link
            to={`/verify/${asset.serial}`}
            aria-label={`${asset.name}, ${asset.serial}`}
            className="outline-none after:absolute after:inset-0 after:content-['']"
          >
            {asset.name}
          </Link>
        </h2>
        <p className="mt-auto flex flex-wrap justify-between gap-x-3 pt-2 text-xs text-slate-500 dark:text-slate-400">
          <code className="font-mono">{asset.serial}</code>
          <span>Tagged {formatDate(asset.taggedAt)}</span>
        </p>
      </div>
    </li>
  );
}
