// An amount as a person reads it, in a locale: "£1,234.50", "1.234,50 €", "¥1,000", with the
// currency's own decimals. The one formatter: the browser's formatAmount (src/lib/format.ts)
// gives it the reader's locale; text the server writes for later reading (an item's history,
// /verify's text) gives it none and gets SERVER_LOCALE. Apart from the money rules so the app's
// shell can import it without their validators.
import { minorDigits } from "./digits";

/** The locale of amounts written into stored or public text, where no reader's locale is known. */
const SERVER_LOCALE = "en-GB";
/** The longest locale tag read from a caller (BCP 47 tags in use are far shorter). */
const MAX_LOCALE = 35;

export function formatMoney({ amount, currency }: { amount: number; currency: string }, locale?: string): string {
  const digits = minorDigits(currency);
  return new Intl.NumberFormat(locale ?? SERVER_LOCALE, { style: "currency", currency, minimumFractionDigits: digits, maximumFractionDigits: digits }).format(amount / 10 ** digits);
}

/** A caller's locale tag when it is one Intl takes, else undefined (then SERVER_LOCALE). */
export function readLocale(tag: string | undefined): string | undefined {
  if (tag === undefined || tag.length === 0 || tag.length > MAX_LOCALE) return undefined;
  try {
    return Intl.getCanonicalLocales(tag)[0];
  } catch {
    return undefined;
  }
}
