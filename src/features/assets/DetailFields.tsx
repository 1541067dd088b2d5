import type { ReactNode } from "react";
import type { AssetDetail } from "../../../convex/lib/assets/read";
import { CHAIN_LABELS } from "../../../convex/lib/assets/chains";
import { KIND_LABELS } from "../../../convex/lib/assets/rules";
import { formatDate, formatPrice } from "../../lib/format";

type Row = [string, ReactNode];

function detailRows(asset: AssetDetail): Row[] {
  const d = asset.details;
  if (d.kind === "general") {
    return [["Brand", d.brand], ["Model", d.model], ["Purchase date", d.purchaseDate && formatDate(Date.parse(d.purchaseDate))],
      ["Purchase value", d.purchaseValue !== undefined ? formatPrice(d.purchaseValue) : undefined], ["Location", d.location]];
  }
  if (d.kind === "nft") {
    const link = d.marketplaceUrl && <a href={d.marketplaceUrl} target="_blank" rel="noreferrer noopener" className="break-all text-indigo-600 underline dark:text-indigo-400">{d.marketplaceUrl}</a>;
    return [["Chain", CHAIN_LABELS[d.chain]], ["Contract address", <span className="break-all font-mono">{d.contractAddress}</span>], ["Token ID", d.tokenId || undefined], ["Marketplace", link]];
  }
  if (d.kind === "will") return [["Instructions", d.instructions && <span className="whitespace-pre-wrap">{d.instructions}</span>]];
  return [["SKU", d.sku], ["Quantity", String(d.quantity)], ["Unit cost", d.unitCost !== undefined ? formatPrice(d.unitCost) : undefined], ["Location", d.location]];
}

/** Every field of the asset, empty ones left out. */
export function DetailFields({ asset }: { asset: AssetDetail }) {
  const rows: Row[] = [
    ["Serial number", <span className="font-mono">{asset.serial}</span>],
    ["Kind", KIND_LABELS[asset.kind]],
    ["Category", asset.category ?? undefined],
    ["Visibility", asset.visibility === "public" ? "Public" : "Private"],
    ["Description", asset.description && <span className="whitespace-pre-wrap">{asset.description}</span>],
    ...detailRows(asset),
    ["Tagged", formatDate(asset.taggedAt)],
    ["Last updated", formatDate(asset.updatedAt)],
    ["Owners so far", String(asset.ownerCount)],
  ];
  return (
    <dl className="grid gap-x-6 gap-y-3 sm:grid-cols-[10rem_minmax(0,1fr)]">
      {rows.filter(([, value]) => value !== undefined && value !== null && value !== "").map(([label, value]) => (
        <div key={label} className="contents">
          <dt className="text-sm font-medium text-slate-500 dark:text-slate-400">{label}</dt>
          <dd className="min-w-0 text-sm text-slate-900 dark:text-slate-100">{value}</dd>
        </div>
      ))}
    </dl>
  );
}
