import type { ReactNode } from "react";
import type { AssetDetail } from "../../../convex/lib/assets/read";
import { fieldsOf, KIND_LABELS } from "../../../convex/lib/assets/rules";
import { fieldValue } from "../../lib/FieldValue";
import { FilesOfKind } from "./DocumentGroups";
import { formatDate } from "../../lib/format";
import { customFieldValue } from "../../lib/CustomFieldValue";
import { useCategoryFields } from "../../lib/useCategoryFields";

type Row = [string, ReactNode];

function detailRows(asset: AssetDetail): Row[] {
  const details = asset.details as Readonly<Record<string, unknown>>;
  return fieldsOf(asset.kind).map((spec) => {
    const value = fieldValue(spec, details[spec.key]);
    // The document that proves it beside the value: the receipt beside what it cost.
    return [spec.label, value !== null && spec.beside ? <>{value}<FilesOfKind asset={asset} kind={spec.beside} /></> : value];
  });
}

/** Every field of the asset, empty ones left out. */
export function DetailFields({ asset }: { asset: AssetDetail }) {
  // The category's custom fields, after the kind's own.
  const custom: Row[] = (useCategoryFields(asset.category) ?? []).map((def) => [def.label, customFieldValue(def, asset.custom?.[def._id])]);
  const rows: Row[] = [
    ["Serial number", <span className="font-mono">{asset.serial}</span>],
    ["Kind", KIND_LABELS[asset.kind]],
    ["Category", asset.category ?? undefined],
    ["Visibility", asset.visibility === "public" ? "Public" : "Private"],
    ["Description", asset.description && <span className="whitespace-pre-wrap">{asset.description}</span>],
    ...detailRows(asset),
    ...custom,
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
