// One field's value by its type (fields.ts): cleaned, checked, read from text (the form and
// CSV cells) and written as text (history, CSV export, /verify). Pure: the browser runs the
// same code before sending, the server before writing.
import { asMoney, DEFAULT_CURRENCY, moneyError, moneyText, parseMoney } from "../money/currency";
import { oneLineError } from "../oneLine";
import { formatMoney } from "../money/format";
import { ASSET_LIMITS, type FieldSpec } from "./fields";

type Values = Readonly<Record<string, unknown>>;

const DATE = /^\d{4}-\d{2}-\d{2}$/;
const WHOLE = /^\d{1,10}$/;
const URL = /^https?:\/\/\S+$/;
const isText = (spec: FieldSpec) => spec.type !== "money" && spec.type !== "count";

/** Letters and digits only, upper case: "wtu 123-4567" and "WTU1234567" are one frame number. */
export function normaliseIdentifier(value: string): string {
  return value.toUpperCase().replace(/[^\p{L}\p{N}]/gu, "");
}

/** What the form starts with (and what an optional choice left alone means: not stored). */
function initialOf(spec: FieldSpec): string {
  return spec.form?.initial ?? (spec.type === "choice" && spec.required ? (spec.options?.[0] ?? "") : "");
}

/**
 * Trimmed (an identifier normalised); an optional field left empty, or an optional choice left
 * at its initial value, is dropped. A required one stays, so its check says it is missing.
 */
export function cleanValue(spec: FieldSpec, value: unknown): unknown {
  if (value === undefined || value === null) return undefined;
  // A workspace export written before amounts had currencies holds bare pence: pounds, as the migration reads them.
  if (spec.type === "money" && typeof value === "number") return asMoney(value);
  if (!isText(spec) || typeof value !== "string") return value;
  const clean = spec.type === "identifier" ? normaliseIdentifier(value) : value.trim();
  if (spec.required) return clean;
  if (clean === "" || (spec.type === "choice" && clean === initialOf(spec))) return undefined;
  return clean;
}

const tooLong = (label: string, max: number) => `${label} must be at most ${max} characters`;

/** A real calendar day, written YYYY-MM-DD. */
export function isRealDate(value: string): boolean {
  if (!DATE.test(value)) return false;
  const time = Date.parse(`${value}T00:00:00Z`);
  return !Number.isNaN(time) && new Date(time).toISOString().startsWith(value);
}

/** The message a cleaned value gets, or undefined when it is fine. */
export function valueError(spec: FieldSpec, value: unknown, details: Values, now: number): string | undefined {
  const { label } = spec;
  if (spec.check !== undefined) return spec.check(typeof value === "string" ? value : "", details) ?? undefined;
  if (value === undefined || value === "") return spec.required ? `${label} is required` : undefined;
  switch (spec.type) {
    case "money":
      return moneyError(label, value);
    case "count":
      return typeof value === "number" && Number.isSafeInteger(value) && value >= 0 && value <= (spec.max ?? ASSET_LIMITS.quantity) ? undefined : `${label} must be a whole number, 0 or more`;
    case "date":
      if (spec.future) return typeof value === "string" && isRealDate(value) ? undefined : `${label} must be a real date`;
      return typeof value === "string" && isRealDate(value) && Date.parse(`${value}T00:00:00Z`) <= now ? undefined : `${label} must be a real date, not in the future`;
    case "url":
      return typeof value === "string" && URL.test(value) && value.length <= (spec.max ?? ASSET_LIMITS.url) ? undefined : `${label} must start with http:// or https://`;
    case "choice":
      return spec.options?.includes(value as string) ? undefined : `Choose a ${label.toLowerCase()} from the list`;
    case "text":
      return typeof value === "string" && value.length > (spec.max ?? Infinity) ? tooLong(label, spec.max!) : undefined;
    default: {
      const text = String(value);
      if (spec.max !== undefined && text.length > spec.max) return tooLong(label, spec.max);
      if (spec.pattern !== undefined && !spec.pattern.test.test(text)) return spec.pattern.message;
      return oneLineError(label, text);
    }
  }
}

/**
 * A value typed as text (form, CSV cell) in the stored type, or the message for text that is
 * none. `currency`: what a bare amount is in (the workspace's).
 */
export function parseText(spec: FieldSpec, text: string, currency = DEFAULT_CURRENCY): { value: unknown } | { error: string } {
  const raw = text.trim();
  if (spec.type === "count") {
    if (raw === "") return { value: spec.required ? -1 : undefined };
    return WHOLE.test(raw) ? { value: Number(raw) } : { error: `${spec.label} must be a whole number, 0 or more` };
  }
  if (spec.type !== "money") return { value: text };
  return parseMoney(spec.label, raw, currency);
}

/** A stored value as a CSV cell holds it ("" when absent; money as "12.50 GBP", which imports back). */
export function cellText(spec: FieldSpec, value: unknown): string {
  if (value === undefined || value === null) return "";
  const money = spec.type === "money" ? asMoney(value) : undefined;
  if (money !== undefined) return moneyText(money);
  return String(value);
}

/** A stored value as the form edits it. */
export function formText(spec: FieldSpec, value: unknown): string {
  return value === undefined || value === null ? initialOf(spec) : cellText(spec, value);
}

/** A stored value as a person reads it (history, /verify, labels): a choice by its label, an amount in `locale`. */
export function displayText(spec: FieldSpec, value: unknown, locale?: string): string | null {
  if (value === undefined || value === null || value === "") return null;
  if (spec.type === "choice") return spec.optionLabels?.[value as string] ?? String(value);
  const money = spec.type === "money" ? asMoney(value) : undefined;
  if (money !== undefined) return formatMoney(money, locale);
  return formText(spec, value);
}

/** "••••••4567": enough for the person holding the item to match it, too little to copy. */
export function maskIdentifier(value: string): string {
  const shown = value.slice(-4);
  return `${"•".repeat(Math.max(4, value.length - shown.length))}${shown}`;
}
