// One stored field value as a screen shows it, by the field's type (convex/lib/assets/fields.ts):
// the detail page, the inventory's columns. Content is rendered as text; only http(s) links.
import type { ReactNode } from "react";
import type { FieldSpec } from "../../convex/lib/assets/fields";
import { displayText } from "../../convex/lib/assets/fieldValues";
import { asMoney } from "../../convex/lib/money/currency";
import { formatAmount, formatDate, formatNumber } from "./format";

/** The value as a node, or null when the asset has none. `compact`: for table cells. */
export function fieldValue(spec: FieldSpec, value: unknown, { compact = false }: { compact?: boolean } = {}): ReactNode {
  if (value === undefined || value === null || value === "") return null;
  switch (spec.type) {
    case "money": {
      // Always with its currency: amounts in several currencies may sit in one column.
      const money = asMoney(value);
      return money === undefined ? null : <span className={compact ? "whitespace-nowrap" : undefined}>{formatAmount(money)}</span>;
    }
    case "count":
      return formatNumber(value as number);
    case "date":
      return formatDate(Date.parse(value as string));
    case "url":
      return /^https?:\/\//.test(value as string) ? (
        <a href={value as string} target="_blank" rel="noreferrer noopener" className="break-all text-indigo-600 underline dark:text-indigo-400">{value as string}</a>
      ) : null;
    case "text":
      return <span className="whitespace-pre-wrap">{value as string}</span>;
    default:
      return spec.form?.mono || spec.type === "identifier" ? <span className="break-all font-mono">{displayText(spec, value)}</span> : displayText(spec, value);
  }
}
