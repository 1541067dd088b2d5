// Amounts in a currency: what a form or a CSV cell may hold, and what it becomes.
import { describe, expect, it } from "vitest";
import { addByCurrency, amountText, moneyError, parseMoney, totalsList } from "../../convex/lib/money/currency";

const parse = (text: string, fallback = "GBP") => parseMoney("Unit cost", text, fallback);

describe("parseMoney", () => {
  it.each([
    ["£1,234.50", { amount: 123450, currency: "GBP" }],
    ["1234.5 GBP", { amount: 123450, currency: "GBP" }],
    ["GBP 1234.5", { amount: 123450, currency: "GBP" }],
    ["€12,50", { amount: 1250, currency: "EUR" }],
    ["1.234,50 eur", { amount: 123450, currency: "EUR" }],
    ["$10", { amount: 1000, currency: "USD" }],
    ["1000 JPY", { amount: 1000, currency: "JPY" }],
    ["1.234 KWD", { amount: 1234, currency: "KWD" }],
    ["0", { amount: 0, currency: "GBP" }],
  ])("reads %j", (text, value) => {
    expect(parse(text)).toEqual({ value });
  });

  it("reads a plain number in the workspace's currency", () => {
    expect(parse("12", "EUR")).toEqual({ value: { amount: 1200, currency: "EUR" } });
    expect(parse("12", "JPY")).toEqual({ value: { amount: 12, currency: "JPY" } });
  });

  it("reads empty text as no value", () => {
    expect(parse("  ")).toEqual({ value: undefined });
  });

  it.each([
    ["12 XYZ", "Unit cost needs a currency code such as GBP, EUR or USD"],
    ["12 TMT", "Unit cost needs a currency code such as GBP, EUR or USD"],
    ["-5", "Unit cost cannot be negative"],
    ["£-5", "Unit cost cannot be negative"],
    ["12.345", "Unit cost in GBP has at most 2 decimal places"],
    ["12.5 JPY", "Unit cost in JPY has no decimal places"],
    ["1.2345 KWD", "Unit cost in KWD has at most 3 decimal places"],
    ["abc", "Unit cost must be an amount like 1234.50, £1,234.50 or 1234.50 GBP"],
    // What the money input sends for a word typed as the amount: the word is the problem, not its currency.
    ["abc EUR", "Unit cost must be an amount like 1234.50, £1,234.50 or 1234.50 GBP"],
    ["99999999999", "Unit cost is too large"],
  ])("refuses %j", (text, error) => {
    expect(parse(text)).toEqual({ error });
  });
});

describe("moneyError", () => {
  it("accepts a whole number of minor units in a known currency", () => {
    expect(moneyError("Value", { amount: 123450, currency: "GBP" })).toBeUndefined();
  });
  it.each([
    [{ amount: 100, currency: "XYZ" }, "Value needs a currency code such as GBP, EUR or USD"],
    [{ amount: -1, currency: "GBP" }, "Value cannot be negative"],
    [{ amount: 1.5, currency: "GBP" }, "Value in GBP has at most 2 decimal places"],
    [{ amount: 1.5, currency: "JPY" }, "Value in JPY has no decimal places"],
    [100, "Value must be an amount like 1234.50, £1,234.50 or 1234.50 GBP"],
  ])("refuses %j", (value, error) => {
    expect(moneyError("Value", value)).toBe(error);
  });
});

it("writes amounts back as text that reads again", () => {
  for (const money of [{ amount: 123450, currency: "GBP" }, { amount: 5, currency: "KWD" }, { amount: 1000, currency: "JPY" }]) {
    expect(parse(`${amountText(money)} ${money.currency}`)).toEqual({ value: money });
  }
  expect(amountText({ amount: 5, currency: "KWD" })).toBe("0.005");
});

it("adds up per currency, never across", () => {
  let totals = addByCurrency({}, { amount: 100, currency: "GBP" }, 3);
  totals = addByCurrency(totals, { amount: 50, currency: "EUR" });
  totals = addByCurrency(totals, undefined);
  expect(totalsList(totals)).toEqual([{ currency: "EUR", amount: 50 }, { currency: "GBP", amount: 300 }]);
});
