import { afterEach, describe, expect, it } from "vitest";
import {
  formatNumber,
  formatDate,
  formatDateTime,
  formatLongDate,
  formatAmount,
  formatTotals,
  formatSignedTmt,
  formatTmt,
  fromLocalInput,
  toLocalInput,
} from "../../src/lib/format";

const MAY_14 = new Date(2025, 4, 14, 10, 30).getTime();

function useLanguages(languages: string[]) {
  Object.defineProperty(window.navigator, "languages", { value: languages, configurable: true });
}

afterEach(() => useLanguages(["en-GB"]));

describe("src/lib/format", () => {
  it("writes a day in the user's own language", () => {
    useLanguages(["en-GB"]);
    expect(formatDate(MAY_14)).toBe("14 May 2025");
    useLanguages(["en-US", "en-GB"]);
    expect(formatDate(MAY_14)).toBe("May 14, 2025");
    useLanguages(["de-DE"]);
    expect(formatLongDate(MAY_14)).toBe("14. Mai 2025");
  });

  it("skips a language tag Intl refuses instead of failing every date", () => {
    useLanguages(["en-US@posix", "de-DE"]);
    expect(formatDate(MAY_14)).toBe("14. Mai 2025");
    useLanguages(["en-US@posix"]);
    expect(() => formatDateTime(MAY_14)).not.toThrow();
    expect(formatTmt(1250)).toMatch(/^1.?250 TMT$/);
  });

  it("reads a UTC calendar date as that day in every time zone", () => {
    useLanguages(["en-GB"]);
    expect(formatLongDate(Date.parse("2025-01-01T00:00:00Z"), { utc: true })).toBe("1 January 2025");
  });

  it("gives a moment its date and time", () => {
    useLanguages(["en-GB"]);
    expect(formatDateTime(MAY_14)).toBe("14 May 2025, 10:30");
  });

  it("groups numbers and names the token", () => {
    useLanguages(["en-GB"]);
    expect(formatTmt(1250)).toBe("1,250 TMT");
    expect(formatSignedTmt(25)).toBe("+25 TMT");
    expect(formatSignedTmt(-5)).toBe("\u22125 TMT");
    expect(formatNumber(12345)).toBe("12,345");
  });

  it("writes an amount in its currency, with that currency's decimals, in the user's language", () => {
    useLanguages(["en-GB"]);
    expect(formatAmount({ amount: 123450, currency: "GBP" })).toBe("£1,234.50");
    expect(formatAmount({ amount: 1000, currency: "JPY" })).toBe("JP¥1,000");
    expect(formatAmount({ amount: 1234, currency: "KWD" })).toBe("KWD 1.234");
    useLanguages(["de-DE"]);
    expect(formatAmount({ amount: 123450, currency: "EUR" })).toBe("1.234,50 €");
    useLanguages(["en-US"]);
    expect(formatTotals([{ amount: 5000, currency: "EUR" }, { amount: 123450, currency: "GBP" }])).toBe("€50.00 · £1,234.50");
  });

  it("round-trips a datetime-local value and refuses an empty or broken one", () => {
    expect(fromLocalInput(toLocalInput(MAY_14))).toBe(MAY_14);
    expect(fromLocalInput("")).toBeUndefined();
    expect(fromLocalInput("not a date")).toBeUndefined();
  });
});

