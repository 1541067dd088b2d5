// A list's custom-field view as the URL keeps it (?field=&order=, and the filter's text:
// ?is= / ?from=&to= / ?starts=) and as the server reads it (lib/customFields/list.ts). The
// text is read by the field's own rules (parseCustomText), so "12.50" is an amount in pence
// exactly as the form stores it.
import { parseCustomText, type FieldDefinition } from "../../../convex/lib/customFields/rules";
import type { CustomFieldType } from "../../../convex/lib/customFields/tables";
import type { FieldView } from "../../../convex/lib/customFields/list";

export const FILTER_PARAMS = ["is", "from", "to", "starts"] as const;
export type FilterText = Partial<Record<(typeof FILTER_PARAMS)[number], string>>;
export type Order = "asc" | "desc";
/** A live definition with its category, as customFields.list gives it. */
export type LiveField = FieldDefinition & { category: string };

/** What a field's filter asks: one choice, ticked, a range (numbers, amounts, dates), or how text starts. */
type FilterKind = "choice" | "ticked" | "range" | "prefix";
export const FILTER_KINDS: Record<CustomFieldType, FilterKind> = {
  select: "choice",
  checkbox: "ticked",
  number: "range",
  money: "range",
  date: "range",
  text: "prefix",
  url: "prefix",
};

const SORT_PREFIX = "field:";

/** The sort keys of a field's column header ("field:<id>", "field:<id>_desc"). */
export function fieldSorts(fieldId: string): { asc: string; desc: string } {
  return { asc: `${SORT_PREFIX}${fieldId}`, desc: `${SORT_PREFIX}${fieldId}_desc` };
}

/** A header's sort key read back: the field and direction, or null for the list's own sorts. */
export function readFieldSort(sort: string): { fieldId: string; order: Order } | null {
  if (!sort.startsWith(SORT_PREFIX)) return null;
  const rest = sort.slice(SORT_PREFIX.length);
  return rest.endsWith("_desc") ? { fieldId: rest.slice(0, -"_desc".length), order: "desc" } : { fieldId: rest, order: "asc" };
}

/** A bound typed for a range: a number, an amount in minor units or a date; undefined when empty. */
function bound(def: FieldDefinition, text: string | undefined): { value?: string | number } | { error: string } {
  if (text === undefined || text.trim() === "") return {};
  const parsed = parseCustomText(def, text);
  if ("error" in parsed) return parsed;
  const value = parsed.value;
  return { value: typeof value === "object" && value !== null && "amount" in value ? value.amount : (value as string | number) };
}

/** Whether the filter's text asks for anything. */
export function isFiltered(text: FilterText): boolean {
  return FILTER_PARAMS.some((name) => (text[name] ?? "").trim() !== "");
}

/** The server's view: the field, its order and the filter its type takes; or the message for text that is no value. */
export function toFieldView(def: FieldDefinition, order: Order, text: FilterText): { view: FieldView } | { error: string } {
  const base = { fieldId: def._id, order };
  switch (FILTER_KINDS[def.type]) {
    case "choice":
      return { view: text.is ? { ...base, value: text.is } : base };
    case "ticked":
      return { view: text.is === "yes" ? { ...base, value: true } : base };
    case "prefix":
      return { view: text.starts?.trim() ? { ...base, prefix: text.starts.trim() } : base };
    case "range": {
      const from = bound(def, text.from);
      const to = bound(def, text.to);
      if ("error" in from) return from;
      if ("error" in to) return to;
      return { view: { ...base, ...(from.value === undefined ? {} : { from: from.value }), ...(to.value === undefined ? {} : { to: to.value }) } };
    }
  }
}
