// Custom fields: a workspace's own fields per category. A definition becomes a field-table
// entry at runtime (fields.ts), so its values are cleaned, checked, read from text and written
// as text by the same rules as the kinds' own fields; the types those have no word for
// (number, checkbox, money in a currency) are handled here. Pure: the forms and the server
// run this one copy.
import { messageNumber } from "../errors";
import { oneLineError } from "../oneLine";
import { ASSET_LIMITS, type FieldSpec } from "../assets/fields";
import { valueError } from "../assets/fieldValues";
import { DEFAULT_CURRENCY, isCurrency, MONEY_MESSAGES, moneyError, moneyText, parseMoney, type Money } from "../money/currency";
import { formatMoney } from "../money/format";
import type { CustomFieldType, CustomValue, CustomValues } from "./tables";

export const CUSTOM_FIELD_LIMITS = {
  perCategory: 20,
  perWorkspace: 200,
  label: 60,
  options: 30,
  option: 60,
  text: 500,
  // The largest number a number field holds, either side of 0.
  number: 1_000_000_000_000,
} as const;

export const CUSTOM_FIELD_TYPE_LABELS: Record<CustomFieldType, string> = {
  text: "Text",
  number: "Number",
  date: "Date",
  money: "Money",
  select: "Choice from a list",
  url: "Link (http or https)",
  checkbox: "Checkbox",
};

export const CUSTOM_FIELD_MESSAGES = {
  notFound: "Custom field not found",
  categoryRequired: "Choose the category the field belongs to",
  categoryTooLong: `A category must be at most ${messageNumber(ASSET_LIMITS.category)} characters`,
  labelRequired: "Give the field a name",
  labelTooLong: `A field name must be at most ${messageNumber(CUSTOM_FIELD_LIMITS.label)} characters`,
  labelTaken: "This category already has a field with that name",
  tooManyInCategory: `A category can have at most ${messageNumber(CUSTOM_FIELD_LIMITS.perCategory)} custom fields`,
  tooManyInWorkspace: `A workspace can have at most ${messageNumber(CUSTOM_FIELD_LIMITS.perWorkspace)} custom fields`,
  optionsRequired: "A list needs at least one choice",
  tooManyOptions: `A list can have at most ${messageNumber(CUSTOM_FIELD_LIMITS.options)} choices`,
  optionTooLong: `A choice must be at most ${messageNumber(CUSTOM_FIELD_LIMITS.option)} characters`,
  optionRepeated: "Each choice must be different",
  badCurrency: MONEY_MESSAGES.badCurrency("A money field"),
  requiredCheckbox: "A checkbox cannot be required: unticked is an answer",
  notInCategory: "This field does not belong to the item's category",
  typeInUse: "Items hold values in this field, so its type and currency stay as they are. Clear those values first, or add a new field.",
  optionInUse: (option: string) => `Items still hold the choice "${option}". Change them first, then remove it.`,
} as const;

/** A definition as the rules need it (stored, or typed into the editor). */
export type FieldDefinition = {
  readonly _id: string;
  readonly label: string;
  readonly type: CustomFieldType;
  readonly options?: readonly string[];
  readonly currency?: string | null;
  readonly required: boolean;
  readonly showOnVerify: boolean;
};

/** The key a category is matched by: "Bikes" and " bikes" are one category. */
export function categoryKey(category: string): string {
  return category.trim().toLowerCase();
}

type DefinitionInput = {
  label: string;
  type: CustomFieldType;
  options?: readonly string[];
  currency?: string;
  required: boolean;
  showOnVerify: boolean;
  showOnLabel?: boolean;
};
type CleanDefinition = { label: string; type: CustomFieldType; options?: string[]; currency?: string; required: boolean; showOnVerify: boolean; showOnLabel: boolean };

/**
 * A definition trimmed and checked, or the message saying why it cannot be used. A money
 * field's values are all in its currency: the one chosen, else `currency` (the workspace's).
 */
export function checkDefinition(input: DefinitionInput, currency: string): { ok: true; value: CleanDefinition } | { ok: false; message: string } {
  const fail = (message: string) => ({ ok: false as const, message });
  const label = input.label.trim();
  if (label === "") return fail(CUSTOM_FIELD_MESSAGES.labelRequired);
  if (label.length > CUSTOM_FIELD_LIMITS.label) return fail(CUSTOM_FIELD_MESSAGES.labelTooLong);
  const control = oneLineError("A field name", label);
  if (control !== undefined) return fail(control);
  if (input.type === "checkbox" && input.required) return fail(CUSTOM_FIELD_MESSAGES.requiredCheckbox);
  const value: CleanDefinition = { label, type: input.type, required: input.required, showOnVerify: input.showOnVerify, showOnLabel: input.showOnLabel ?? false };
  if (input.type === "select") {
    const options = (input.options ?? []).map((o) => o.trim()).filter((o) => o !== "");
    if (options.length === 0) return fail(CUSTOM_FIELD_MESSAGES.optionsRequired);
    if (options.length > CUSTOM_FIELD_LIMITS.options) return fail(CUSTOM_FIELD_MESSAGES.tooManyOptions);
    if (options.some((o) => o.length > CUSTOM_FIELD_LIMITS.option)) return fail(CUSTOM_FIELD_MESSAGES.optionTooLong);
    const bad = options.map((o) => oneLineError("A choice", o)).find((e) => e !== undefined);
    if (bad !== undefined) return fail(bad);
    if (new Set(options).size !== options.length) return fail(CUSTOM_FIELD_MESSAGES.optionRepeated);
    value.options = options;
  }
  if (input.type === "money") {
    const code = (input.currency ?? currency).trim().toUpperCase();
    if (!isCurrency(code)) return fail(CUSTOM_FIELD_MESSAGES.badCurrency);
    value.currency = code;
  }
  return { ok: true, value };
}

/**
 * The field-table entry a definition stands for, for the types the table knows: text is a
 * line, select a choice, a date may lie ahead. Number, checkbox and money have their own rules below.
 */
function specOf(def: FieldDefinition): FieldSpec {
  const base = { key: def._id, label: def.label, required: def.required };
  switch (def.type) {
    case "text":
      return { ...base, type: "line", max: CUSTOM_FIELD_LIMITS.text };
    case "url":
      return { ...base, type: "url", max: ASSET_LIMITS.url };
    case "select":
      return { ...base, type: "choice", options: def.options ?? [] };
    case "date":
      return { ...base, type: "date", future: true };
    default:
      return { ...base, type: "line" };
  }
}

const isMoney = (value: unknown): value is Money =>
  typeof value === "object" && value !== null && typeof (value as Money).amount === "number" && typeof (value as Money).currency === "string";

/** The currency a money field's values are in (every stored money definition names one). */
export const fieldCurrency = (def: FieldDefinition): string => def.currency ?? DEFAULT_CURRENCY;

/** Trimmed; an empty text, an unticked box or a missing value is no value (undefined). */
function cleanCustomValue(value: unknown): unknown {
  if (value === undefined || value === null || value === false) return undefined;
  if (typeof value !== "string") return value;
  const clean = value.trim();
  return clean === "" ? undefined : clean;
}

/** The message a cleaned value gets, or undefined when it is fine. */
export function customValueError(def: FieldDefinition, value: unknown, now: number): string | undefined {
  const { label } = def;
  if (value === undefined) return def.required ? `${label} is required` : undefined;
  switch (def.type) {
    case "number":
      return typeof value === "number" && Number.isFinite(value) && Math.abs(value) <= CUSTOM_FIELD_LIMITS.number
        ? undefined
        : `${label} must be a number`;
    case "checkbox":
      return value === true ? undefined : `${label} must be ticked or left empty`;
    case "money":
      return moneyError(label, value) ?? ((value as Money).currency === fieldCurrency(def) ? undefined : `${label} must be in ${fieldCurrency(def)}`);
    default:
      return typeof value === "string" ? valueError(specOf(def), value, {}, now) : `${label} must be text`;
  }
}

/** A value typed as text (the form, a CSV cell) in the stored shape, or the message for text that is none. */
export function parseCustomText(def: FieldDefinition, text: string): { value: CustomValue | undefined } | { error: string } {
  const raw = text.trim();
  if (raw === "") return { value: undefined };
  switch (def.type) {
    case "number": {
      const plain = raw.replace(/,(?=\d{3}(\D|$))/g, "");
      return /^-?\d+(\.\d+)?$/.test(plain) ? { value: Number(plain) } : { error: `${def.label} must be a number` };
    }
    case "checkbox": {
      const word = raw.toLowerCase();
      if (["yes", "y", "true", "1", "x", "✓"].includes(word)) return { value: true };
      if (["no", "n", "false", "0"].includes(word)) return { value: undefined };
      return { error: `${def.label} must be yes or no` };
    }
    case "money": {
      const parsed = parseMoney(def.label, raw, fieldCurrency(def));
      if ("error" in parsed || parsed.value === undefined || parsed.value.currency === fieldCurrency(def)) return parsed;
      return { error: `${def.label} must be in ${fieldCurrency(def)}` };
    }
    default:
      return { value: text };
  }
}

/** A stored value as a CSV cell holds it, which imports back ("" when absent). */
export function customCellText(def: FieldDefinition, value: CustomValue | undefined): string {
  if (value === undefined) return "";
  if (def.type === "checkbox") return value === true ? "yes" : "";
  if (def.type === "money") return isMoney(value) ? moneyText(value) : "";
  return String(value);
}

/** A stored value as a person reads it (history, /verify, labels), amounts in `locale`, or null when there is none. */
export function customDisplayText(def: FieldDefinition, value: CustomValue | undefined, locale?: string): string | null {
  if (value === undefined || value === "") return null;
  if (def.type === "checkbox") return value === true ? "Yes" : null;
  if (def.type === "money") return isMoney(value) ? formatMoney(value, locale) : null;
  return String(value);
}

/** The category's values of an item, cleaned, keyed by field; unknown keys are reported. */
export function cleanCustom(defs: readonly FieldDefinition[], raw: Readonly<Record<string, unknown>>): CustomValues {
  const out: CustomValues = {};
  for (const def of defs) {
    const value = cleanCustomValue(raw[def._id]);
    if (value !== undefined) out[def._id] = value as CustomValue;
  }
  return out;
}

/** Field errors of cleaned values ({} when valid), keyed by field id. */
export function customErrors(defs: readonly FieldDefinition[], values: CustomValues, now = Date.now()): Record<string, string> {
  const errors: Record<string, string> = {};
  for (const def of defs) {
    const error = customValueError(def, values[def._id], now);
    if (error !== undefined) errors[def._id] = error;
  }
  return errors;
}

/**
 * The words an item's custom values add to its search text: those of fields shown on /verify
 * (text, choices, numbers, dates, links). The public list searches the same index, so a hidden
 * field's values stay out of it: a search must not reveal what /verify does not show.
 */
export function customSearchText(defs: readonly FieldDefinition[], values: CustomValues | undefined): string {
  return defs
    .filter((d) => d.showOnVerify)
    .map((d) => values?.[d._id])
    .filter((v) => typeof v === "string" || typeof v === "number")
    .join(" ");
}

/** The value a list sorts and filters a field by (money by its amount), or null when it has none. */
export function sortValueOf(value: CustomValue | undefined): string | number | boolean | null {
  if (value === undefined) return null;
  return isMoney(value) ? value.amount : value;
}

/**
 * Text as the "starts with" filter compares it: case folded (and composed alike), so "trek"
 * finds "Trek Domane". Stored beside each text value's row (`folded`) and applied to the prefix.
 */
export const foldText = (text: string): string => text.normalize("NFC").toLowerCase();

/** Values equal for a list's filter and an item's history. */
export function sameValue(a: CustomValue | undefined, b: CustomValue | undefined): boolean {
  return JSON.stringify(a ?? null) === JSON.stringify(b ?? null);
}
