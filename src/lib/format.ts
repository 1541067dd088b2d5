// Every date, time, number, amount of money and TMT amount the app shows is formatted here, in one locale:
// the user's own language setting (the browser's preferred languages), else the runtime's
// default. One asset's date therefore reads the same on /assets, /verify and the dashboard.
import { TOKEN_SYMBOL } from "../../convex/lib/constants";
import type { Money } from "../../convex/lib/money/currency";
import { formatMoney } from "../../convex/lib/money/format";

let cached: { from: string; locale: string | undefined } | null = null;

/**
 * The user's first preferred language that is a valid BCP 47 tag, else undefined (the
 * runtime's default). Browsers can report tags Intl refuses ("en-US@posix" from a POSIX
 * locale), and one of those would make every formatter throw.
 */
function userLocale(): string | undefined {
  if (typeof navigator === "undefined") return undefined;
  const wanted = navigator.languages?.length ? navigator.languages : [navigator.language];
  const key = wanted.join(",");
  if (cached?.from !== key) cached = { from: key, locale: firstValidTag(wanted) };
  return cached.locale;
}

function firstValidTag(tags: readonly (string | undefined)[]): string | undefined {
  for (const tag of tags) {
    if (!tag) continue;
    try {
      return Intl.getCanonicalLocales(tag)[0];
    } catch {
      // Not a BCP 47 tag: try the next preference.
    }
  }
  return undefined;
}

/** "14 May 2025" / "May 14, 2025": a day. */
export function formatDate(ms: number): string {
  return new Date(ms).toLocaleDateString(userLocale(), { day: "numeric", month: "short", year: "numeric" });
}

/** "14 May 2025" with the month in full; `utc` for calendar dates stored as UTC midnight. */
export function formatLongDate(ms: number, { utc = false }: { utc?: boolean } = {}): string {
  return new Date(ms).toLocaleDateString(userLocale(), { day: "numeric", month: "long", year: "numeric", ...(utc ? { timeZone: "UTC" } : {}) });
}

/** "14 May" of a UTC calendar day given as YYYY-MM-DD (chart axes). */
export function formatDayMonth(isoDay: string): string {
  return new Date(`${isoDay}T00:00:00Z`).toLocaleDateString(userLocale(), { day: "numeric", month: "short", timeZone: "UTC" });
}

/** "14 May 2025" of a calendar day given as YYYY-MM-DD (a purchase date, a service due day). */
export function formatDay(isoDay: string): string {
  return new Date(`${isoDay}T00:00:00Z`).toLocaleDateString(userLocale(), { day: "numeric", month: "short", year: "numeric", timeZone: "UTC" });
}

/** "14 May": a local day (chart axes and tables). */
export function formatShortDay(ms: number): string {
  return new Date(ms).toLocaleDateString(userLocale(), { day: "numeric", month: "short" });
}

/** "14 May 2025, 10:30": a moment. */
export function formatDateTime(ms: number | Date): string {
  return new Date(ms).toLocaleString(userLocale(), { dateStyle: "medium", timeStyle: "short" });
}

/** "10:30:05": a time of day, to the second (logs). */
export function formatTime(ms: number): string {
  return new Date(ms).toLocaleTimeString(userLocale());
}

export function formatNumber(n: number): string {
  return n.toLocaleString(userLocale());
}

/** "1,250 TMT". */
export function formatTmt(n: number): string {
  return `${formatNumber(n)} ${TOKEN_SYMBOL}`;
}

/** "+25 TMT" / "−5 TMT" (a true minus sign). */
export function formatSignedTmt(n: number): string {
  return `${n < 0 ? "\u2212" : "+"}${formatTmt(Math.abs(n))}`;
}

/** A `datetime-local` input's value (local time) for a moment. */
export function toLocalInput(ms: number): string {
  const d = new Date(ms - new Date(ms).getTimezoneOffset() * 60_000);
  return d.toISOString().slice(0, 16);
}

/** The moment a `datetime-local` value names; undefined when empty or invalid. */
export function fromLocalInput(value: string): number | undefined {
  if (value === "") return undefined;
  const ms = new Date(value).getTime();
  return Number.isNaN(ms) ? undefined : ms;
}

/** This device's IANA time zone ("Europe/London"): where a session is, roughly, without an IP address. */
export function deviceTimeZone(): string {
  return Intl.DateTimeFormat().resolvedOptions().timeZone;
}

/** "£1,234.50", "US$10.00", "¥1,000": an amount in its currency, with the currency's own decimals, in the reader's locale. */
export function formatAmount(money: Money): string {
  return formatMoney(money, userLocale());
}

/** The reader's locale for text the server writes for them (label lines), or undefined for the runtime's. */
export function readerLocale(): string | undefined {
  return userLocale();
}

/** "£1,200.00 · €350.00": totals kept per currency, never summed across. */
export function formatTotals(totals: readonly Money[]): string {
  return totals.map(formatAmount).join(" · ");
}

/** "GBP: British Pound" in the user's language (a currency picker's option). */
export function currencyLabel(code: string): string {
  try {
    const name = new Intl.DisplayNames(userLocale(), { type: "currency" }).of(code);
    return name && name !== code ? `${code}: ${name}` : code;
  } catch {
    return code;
  }
}
