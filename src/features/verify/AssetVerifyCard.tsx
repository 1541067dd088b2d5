import { Link } from "react-router";
import { KIND_LABELS } from "../../../convex/lib/assets/rules";
import type { VerifyResult } from "../../../convex/lib/verify/tables";
import { buttonClasses } from "../../ui";
import { StatusWarning } from "./StatusWarning";
import { VERIFY_TEXT } from "./verifyText";
import { formatAmount, formatDate } from "../../lib/format";
import { AssetStatusBadge } from "../../lib/AssetStatusBadge";

type PublicResult = Extract<VerifyResult, { result: "public" }>;

function Fact({ term, children }: { term: string; children: React.ReactNode }) {
  return (
    <div className="min-w-0">
      <dt className="text-xs font-semibold uppercase tracking-wide text-slate-500 dark:text-slate-400">{term}</dt>
      <dd className="mt-1 break-words text-sm font-medium text-slate-900 dark:text-slate-100">{children}</dd>
    </div>
  );
}

function Provenance({ provenance }: { provenance: PublicResult["provenance"] }) {
  const { owners, periods } = provenance;
  return (
    <div>
      <p>{owners === 1 ? "1 owner since tagging" : `${owners} owners since tagging`}</p>
      {owners > 1 && (
        <ol className="mt-1 flex flex-col gap-0.5 text-xs font-normal text-slate-600 dark:text-slate-400">
          {periods.map((p, i) => (
            <li key={`${p.from}-${i}`}>
              Owner {i + 1}: {formatDate(p.from)} – {p.to === null ? "now" : formatDate(p.to)}
            </li>
          ))}
        </ol>
      )}
    </div>
  );
}

/** A public asset as a finder or buyer sees it. */
export function AssetVerifyCard({ asset }: { asset: PublicResult }) {
  return (
    <article aria-labelledby="asset-name" className="overflow-hidden rounded-3xl border border-slate-200 bg-white shadow-sm dark:border-slate-800 dark:bg-slate-900">
      {/* Without a photo there is no photo column: an empty frame would fill half a phone's screen. */}
      <div className={asset.photoUrl ? "grid md:grid-cols-[minmax(0,18rem)_1fr]" : "grid"}>
        {asset.photoUrl && (
          <div className="flex aspect-[4/3] items-center justify-center bg-slate-100 md:aspect-auto md:min-h-72 dark:bg-slate-800">
            <img src={asset.photoUrl} alt={asset.name} className="h-full w-full object-cover" />
          </div>
        )}
        <div className="flex min-w-0 flex-col gap-5 p-5 sm:p-7">
          <div>
            <p className="text-sm font-semibold text-emerald-700 dark:text-emerald-400">✓ {VERIFY_TEXT.verified}</p>
            <h1 id="asset-name" className="mt-1 break-words text-2xl font-bold tracking-tight text-slate-900 sm:text-3xl dark:text-white">
              {asset.name}
            </h1>
            <div className="mt-3 flex flex-wrap items-center gap-2">
              <AssetStatusBadge status={asset.status} size="md" />
              <span className="rounded-full bg-indigo-50 px-3 py-1 text-sm font-semibold text-indigo-700 dark:bg-indigo-950 dark:text-indigo-200">
                {KIND_LABELS[asset.kind]}
              </span>
            </div>
          </div>
          <StatusWarning status={asset.status} reportedStolenAt={asset.reportedStolenAt} />
          <dl className="grid gap-4 sm:grid-cols-2">
            <Fact term="Serial number">
              <code className="font-mono">{asset.serial}</code>
            </Fact>
            {asset.facts.map((fact) => <Fact key={fact.label} term={fact.label}>{fact.money === undefined ? fact.value : formatAmount(fact.money)}</Fact>)}
            <Fact term="Tagged">{formatDate(asset.taggedAt)}</Fact>
            <Fact term="Owner">{asset.owner}</Fact>
            <Fact term="Provenance">
              <Provenance provenance={asset.provenance} />
            </Fact>
          </dl>
          {asset.isOwner && (
            <p className="flex flex-wrap items-center gap-3 rounded-xl bg-indigo-50 px-4 py-3 text-sm text-indigo-900 dark:bg-indigo-950 dark:text-indigo-100">
              {VERIFY_TEXT.ownAsset}
              <Link to="/assets" className={buttonClasses("secondary", "sm")}>
                {VERIFY_TEXT.manage}
              </Link>
            </p>
          )}
        </div>
      </div>
    </article>
  );
}
