// The money input as a person uses it: an amount typed, a currency chosen beside it (the
// workspace's by default), and the value read back by the same parser the server and CSV use;
// an amount shown in the user's own format with its currency.
import { render, screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { useState } from "react";
import { afterEach, expect, it } from "vitest";
import { KIND_FIELD_SPECS, type FieldSpec } from "../../convex/lib/assets/fields";
import { parseText } from "../../convex/lib/assets/fieldValues";
import { fieldValue } from "../../src/lib/FieldValue";
import { MoneyInput } from "../../src/lib/MoneyInput";

const PURCHASE_VALUE = KIND_FIELD_SPECS.general.find((f: FieldSpec) => f.key === "purchaseValue")!;
let seen = "";

function Harness({ currency }: { currency: string }) {
  const [value, setValue] = useState("");
  seen = value;
  const parsed = parseText(PURCHASE_VALUE, value, currency);
  return (
    <MoneyInput label="Purchase value" value={value} onChange={setValue} currency={currency} error={"error" in parsed ? parsed.error : undefined} />
  );
}

afterEach(() => Object.defineProperty(window.navigator, "languages", { value: ["en-GB"], configurable: true }));

it("starts in the workspace's currency, keeps the one chosen, and reads back as the same amount", async () => {
  const user = userEvent.setup();
  render(<Harness currency="EUR" />);
  const currency = screen.getByRole("combobox", { name: "Purchase value: currency" });
  expect(currency).toHaveProperty("value", "EUR");
  await user.type(screen.getByRole("textbox", { name: "Purchase value" }), "1234.5");
  expect(seen).toBe("1234.5 EUR");
  await user.selectOptions(currency, "GBP");
  expect(seen).toBe("1234.5 GBP");
  expect(parseText(PURCHASE_VALUE, seen, "EUR")).toEqual({ value: { amount: 123450, currency: "GBP" } });
});

it("says what is wrong with an amount the currency cannot hold", async () => {
  const user = userEvent.setup();
  render(<Harness currency="JPY" />);
  const amount = screen.getByRole("textbox", { name: "Purchase value" });
  await user.type(amount, "12.5");
  expect(amount.getAttribute("aria-invalid")).toBe("true");
  expect(screen.getByText("Purchase value in JPY has no decimal places")).toBeTruthy();
});

it("shows an amount in the user's format, with its currency", () => {
  Object.defineProperty(window.navigator, "languages", { value: ["de-DE"], configurable: true });
  const { container } = render(<p>{fieldValue(PURCHASE_VALUE, { amount: 123450, currency: "EUR" })}</p>);
  expect(container.textContent).toBe("1.234,50\u00a0€");
});

it("a field with one currency shows it beside the amount and offers no other", async () => {
  const user = userEvent.setup();
  let typed = "";
  render(<MoneyInput label="Insured value" value="" onChange={(v) => (typed = v)} currency="EUR" fixed />);
  expect(screen.queryByRole("combobox")).toBeNull();
  const amount = screen.getByRole("textbox", { name: "Insured value" });
  expect(amount).toHaveAccessibleDescription("EUR");
  await user.type(amount, "5");
  expect(typed).toBe("5");
});
