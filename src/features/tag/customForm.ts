// The tag/edit form's custom fields: the item's category's fields (the workspace defines them),
// held in the form state as text under "custom:<field id>", and read back with the same
// rules the server runs (convex/lib/customFields/rules.ts).
import { cleanCustom, customErrors, parseCustomText, type FieldDefinition } from "../../../convex/lib/customFields/rules";
import type { CustomValue, CustomValues } from "../../../convex/lib/customFields/tables";
import type { FieldErrors } from "../../../convex/lib/assets/rules";
import { amountText } from "../../../convex/lib/money/currency";

export const customKey = (fieldId: string) => `custom:${fieldId}`;

/** A stored value as the form edits it: money as 12.50 (in the field's currency), a ticked box as "true". */
function formTextOf(value: CustomValue): string {
  if (typeof value === "object") return amountText(value);
  return String(value);
}

/** The form's entries for an item's values. */
export function customFormValues(custom: CustomValues | undefined): Record<string, string> {
  return Object.fromEntries(Object.entries(custom ?? {}).map(([id, value]) => [customKey(id), formTextOf(value)]));
}

/** The values the form holds for `fields`, and their errors keyed as the form's entries. */
export function customInput(form: Readonly<Record<string, string>>, fields: readonly FieldDefinition[]): { custom: CustomValues; errors: FieldErrors } {
  const errors: FieldErrors = {};
  const raw: Record<string, CustomValue> = {};
  for (const def of fields) {
    const text = form[customKey(def._id)] ?? "";
    const parsed = parseCustomText(def, def.type === "checkbox" && text === "true" ? "yes" : text);
    if ("error" in parsed) errors[customKey(def._id)] = parsed.error;
    else if (parsed.value !== undefined) raw[def._id] = parsed.value;
  }
  const custom = cleanCustom(fields, raw);
  for (const [id, message] of Object.entries(customErrors(fields, custom))) errors[customKey(id)] ??= message;
  return { custom, errors };
}
