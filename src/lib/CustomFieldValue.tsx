// One custom value as a screen shows it (the detail page, list cells): dates and money in the
// user's locale, links only when http(s), everything as text.
import type { ReactNode } from "react";
import { customDisplayText, type FieldDefinition } from "../../convex/lib/customFields/rules";
import type { CustomValue } from "../../convex/lib/customFields/tables";
import { formatAmount, formatDate, formatNumber } from "./format";

export function customFieldValue(def: FieldDefinition, value: CustomValue | undefined): ReactNode {
  if (value === undefined) return null;
  switch (def.type) {
    case "date":
      return typeof value === "string" ? formatDate(Date.parse(value)) : null;
    case "number":
      return typeof value === "number" ? formatNumber(value) : null;
    case "money":
      return typeof value === "object" ? formatAmount(value) : null;
    case "url":
      return typeof value === "string" && /^https?:\/\//.test(value) ? (
        <a href={value} target="_blank" rel="noreferrer noopener" className="break-all text-indigo-600 underline dark:text-indigo-400">{value}</a>
      ) : null;
    default:
      return customDisplayText(def, value);
  }
}
