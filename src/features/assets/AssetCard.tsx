import { Link } from "react-router";
import type { AssetSummary } from "../../../convex/lib/assets/read";
import { KIND_LABELS } from "../../../convex/lib/assets/rules";
import { formatDate } from "../../lib/format";
import { AssetStatusBadge } from "../../lib/AssetStatusBadge";

export function AssetCard({ asset }: { asset: AssetSummary }) {
  return (
    <li>
      <Link to={`/assets/${asset._id}`}
        className="flex h-full gap-3 rounded-xl border border-slate-200 bg-white p-3 shadow-sm transition-colors hover:border-indigo-400 dark:border-slate-800 dark:bg-slate-900">
        <div className="h-20 w-20 shrink-0 overflow-hidden rounded-lg bg-slate-100 dark:bg-slate-800">
          {asset.coverUrl ? (
            <img src={asset.coverUrl} alt="" className="h-full w-full object-cover" loading="lazy" />
          ) : (
            <span aria-hidden="true" className="flex h-full items-center justify-center text-2xl text-slate-400">#</span>
          )}
        </div>
        <div className="flex min-w-0 flex-col gap-1">
          <span className="truncate font-semibold text-slate-900 dark:text-white">{asset.name}</span>
          <span className="font-mono text-xs text-slate-600 dark:text-slate-400">{asset.serial}</span>
          <span className="flex flex-wrap items-center gap-1.5 text-xs text-slate-600 dark:text-slate-400">
            <AssetStatusBadge status={asset.status} />
            <span>{KIND_LABELS[asset.kind]}</span>
            <span aria-hidden="true">·</span>
            <span>{asset.visibility === "public" ? "Public" : "Private"}</span>
          </span>
          <span className="text-xs text-slate-500 dark:text-slate-400">Tagged {formatDate(asset.taggedAt)}</span>
        </div>
      </Link>
    </li>
  );
}
