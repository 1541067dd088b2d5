// Amounts in a currency (ISO 4217): what an item is worth, what it cost, what a service cost.
// Stored as { amount, currency }: `amount` a whole number of the currency's minor units
// (pence for GBP, yen for JPY, fils for KWD) so sums are exact, and the code with it, so no
// amount is ever read in the wrong currency. Pure: the forms, CSV import and the server
// share it. TMT, the app's token (fees, rewards), is not a currency here: see CURRENCY_CODES.
import { v, type Infer } from "convex/values";
import { minorDigits } from "./digits";

export const moneyValidator = v.object({ amount: v.number(), currency: v.string() });
export type Money = Infer<typeof moneyValidator>;

/** What existing values were recorded in (the app prices its token in pounds), and a new workspace's default. */
export const DEFAULT_CURRENCY = "GBP";


/**
 * ISO 4217's active national currencies (funds, metals and test codes left out). The
 * Turkmen manat's code, TMT, is left out too: in this app TMT is the token, and an item
 * "worth 500 TMT" would read as tokens.
 */
export const CURRENCY_CODES: readonly string[] = (
  "AED AFN ALL AMD ANG AOA ARS AUD AWG AZN BAM BBD BDT BGN BHD BIF BMD BND BOB BRL BSD BTN BWP BYN BZD " +
  "CAD CDF CHF CLP CNY COP CRC CUP CVE CZK DJF DKK DOP DZD EGP ERN ETB EUR FJD FKP GBP GEL GHS GIP GMD GNF " +
  "GTQ GYD HKD HNL HTG HUF IDR ILS INR IQD IRR ISK JMD JOD JPY KES KGS KHR KMF KPW KRW KWD KYD KZT LAK LBP " +
  "LKR LRD LSL LYD MAD MDL MGA MKD MMK MNT MOP MRU MUR MVR MWK MXN MYR MZN NAD NGN NIO NOK NPR NZD OMR PAB " +
  "PEN PGK PHP PKR PLN PYG QAR RON RSD RUB RWF SAR SBD SCR SDG SEK SGD SHP SLE SOS SRD SSP STN SVC SYP SZL " +
  "THB TJS TND TOP TRY TTD TWD TZS UAH UGX USD UYU UZS VES VND VUV WST XAF XCD XOF XPF YER ZAR ZMW ZWG"
).split(" ");
const KNOWN: ReadonlySet<string> = new Set(CURRENCY_CODES);

/** The largest amount in major units (10 billion): beyond any belonging or stock line, within exact integers. */
const MAX_MAJOR = 10_000_000_000;
/** The longest text read as an amount (a CSV cell, the form). */
const MAX_TEXT = 40;

export const isCurrency = (code: string): boolean => KNOWN.has(code);

const scale = (currency: string) => 10 ** minorDigits(currency);

export const MONEY_MESSAGES = {
  badCurrency: (label: string) => `${label} needs a currency code such as GBP, EUR or USD`,
  negative: (label: string) => `${label} cannot be negative`,
  tooLarge: (label: string) => `${label} is too large`,
  decimals: (label: string, currency: string) => {
    const digits = minorDigits(currency);
    return digits === 0 ? `${label} in ${currency} has no decimal places` : `${label} in ${currency} has at most ${digits} decimal places`;
  },
  notAmount: (label: string) => `${label} must be an amount like 1234.50, £1,234.50 or 1234.50 GBP`,
} as const;

/** The message a stored amount gets, or undefined when it is a real amount in a real currency. */
export function moneyError(label: string, value: unknown): string | undefined {
  if (typeof value !== "object" || value === null) return MONEY_MESSAGES.notAmount(label);
  const { amount, currency } = value as Partial<Money>;
  if (typeof currency !== "string" || !isCurrency(currency)) return MONEY_MESSAGES.badCurrency(label);
  if (typeof amount !== "number" || !Number.isSafeInteger(amount)) return MONEY_MESSAGES.decimals(label, currency);
  if (amount < 0) return MONEY_MESSAGES.negative(label);
  if (amount > MAX_MAJOR * scale(currency)) return MONEY_MESSAGES.tooLarge(label);
  return undefined;
}

/**
 * A value stored before amounts had currencies (a bare number of pence) as an amount in
 * pounds: the app's code reads both shapes until migrations:giveValuesCurrencies has run.
 */
export function asMoney(stored: unknown): Money | undefined {
  if (typeof stored === "number") return { amount: stored, currency: DEFAULT_CURRENCY };
  if (typeof stored === "object" && stored !== null && "amount" in stored) return stored as Money;
  return undefined;
}

/** "1234.50": the amount in major units, no grouping (CSV cells, the form's input). */
export function amountText({ amount, currency }: Money): string {
  const digits = minorDigits(currency);
  const sign = amount < 0 ? "-" : "";
  const whole = Math.floor(Math.abs(amount) / 10 ** digits);
  const fraction = String(Math.abs(amount) % 10 ** digits).padStart(digits, "0");
  return digits === 0 ? `${sign}${whole}` : `${sign}${whole}.${fraction}`;
}

/** "1234.50 GBP": an amount as one cell or one form value (it reads back with parseMoney). */
export const moneyText = (money: Money): string => `${amountText(money)} ${money.currency}`;

/**
 * A money input's text as its two controls show it: "1234.50 GBP" is 1234.50 in GBP, a bare
 * "12" is in `fallback`. `joinMoneyText` is the way back: a currency other than the fallback
 * is kept even before an amount is typed.
 */
export function splitMoneyText(text: string, fallback: string): { amount: string; currency: string } {
  const match = /^(.*?)\s*\b([A-Z]{3})$/.exec(text.trim());
  return match !== null && isCurrency(match[2]) ? { amount: match[1], currency: match[2] } : { amount: text, currency: fallback };
}

export function joinMoneyText(amount: string, currency: string, fallback: string): string {
  if (amount.trim() === "") return currency === fallback ? "" : currency;
  return `${amount.trim()} ${currency}`;
}

const SYMBOLS: Readonly<Record<string, string>> = { "£": "GBP", "€": "EUR", "¥": "JPY", $: "USD" };

/** Decimal text with "," or "." as the decimal point and the other (or a space) grouping thousands, as "1234.50". */
function plainDecimal(text: string): string | null {
  const bare = text.replace(/[\s\u00a0\u202f']/g, "");
  // "1.234,50", "1.234.567" and "12,50" as continental spreadsheets write them ("1.234" is a decimal).
  if (/^\d{1,3}(\.\d{3})+,\d+$/.test(bare) || /^\d{1,3}(\.\d{3}){2,}$/.test(bare) || /^\d+,\d{1,2}$/.test(bare)) return bare.replace(/\./g, "").replace(",", ".");
  if (/^\d{1,3}(,\d{3})+(\.\d+)?$/.test(bare)) return bare.replace(/,/g, "");
  return /^\d+(\.\d+)?$/.test(bare) ? bare : null;
}

/**
 * Money typed as text: "£1,234.50", "1234.5 GBP", "GBP 1234.5", "€12,50", or a plain number
 * in `fallback` (the workspace's currency). Empty text is no value. A negative amount, an
 * unknown code or more decimals than the currency has are refused with their message.
 */
export function parseMoney(label: string, text: string, fallback: string): { value: Money | undefined } | { error: string } {
  let rest = text.trim();
  if (rest === "") return { value: undefined };
  if (rest.length > MAX_TEXT) return { error: MONEY_MESSAGES.notAmount(label) };
  let currency: string | undefined;
  const leading = /^([A-Za-z]{3})\s*(.*)$/.exec(rest);
  const trailing = /^(.*?)\s*([A-Za-z]{3})$/.exec(rest);
  // A known code at the end first: the money input writes "abc EUR" for a word typed as the amount.
  if (trailing !== null && (leading === null || isCurrency(trailing[2].toUpperCase()))) [currency, rest] = [trailing[2].toUpperCase(), trailing[1]];
  else if (leading !== null) [currency, rest] = [leading[1].toUpperCase(), leading[2]];
  const symbol = /^(-?)\s*([£€¥$])\s*(.*)$/.exec(rest);
  if (symbol !== null) {
    const symbolCurrency = SYMBOLS[symbol[2]];
    if (currency !== undefined && currency !== symbolCurrency && symbol[2] !== "$") return { error: MONEY_MESSAGES.notAmount(label) };
    currency ??= symbolCurrency;
    rest = `${symbol[1]}${symbol[3]}`;
  }
  // A currency chosen before an amount is typed is no value yet; a word that is no code is no amount.
  if (rest.trim() === "") return currency !== undefined && isCurrency(currency) ? { value: undefined } : { error: MONEY_MESSAGES.notAmount(label) };
  currency ??= fallback;
  if (!isCurrency(currency)) return { error: MONEY_MESSAGES.badCurrency(label) };
  if (/^-/.test(rest.trim())) return plainDecimal(rest.trim().slice(1)) === null ? { error: MONEY_MESSAGES.notAmount(label) } : { error: MONEY_MESSAGES.negative(label) };
  const decimal = plainDecimal(rest);
  if (decimal === null) return { error: MONEY_MESSAGES.notAmount(label) };
  const [whole, fraction = ""] = decimal.split(".");
  const digits = minorDigits(currency);
  if (fraction.replace(/0+$/, "").length > digits) return { error: MONEY_MESSAGES.decimals(label, currency) };
  if (whole.replace(/^0+/, "").length > String(MAX_MAJOR).length) return { error: MONEY_MESSAGES.tooLarge(label) };
  const amount = Number(whole) * 10 ** digits + Number(fraction.slice(0, digits).padEnd(digits, "0") || "0");
  const value = { amount, currency };
  const error = moneyError(label, value);
  return error === undefined ? { value } : { error };
}

/** Amounts added up per currency, never across currencies. */
export function addByCurrency(totals: Readonly<Record<string, number>>, money: Money | undefined, times = 1): Record<string, number> {
  if (money === undefined) return { ...totals };
  return { ...totals, [money.currency]: (totals[money.currency] ?? 0) + money.amount * times };
}

/** Totals as a list in currency order, zero totals left out (what screens and reports show). */
export function totalsList(totals: Readonly<Record<string, number>>): Money[] {
  return Object.entries(totals)
    .filter(([, amount]) => amount !== 0)
    .sort(([a], [b]) => a.localeCompare(b))
    .map(([currency, amount]) => ({ currency, amount }));
}
