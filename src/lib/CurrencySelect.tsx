// A choice of currency by code and name ("GBP: British Pound" in the user's language): the
// workspace's default currency and a money field's currency pick from the same list.
import type { ComponentProps } from "react";
import { CURRENCY_CODES } from "../../convex/lib/money/currency";
import { Select } from "../ui";
import { currencyLabel } from "./format";

export function CurrencySelect(props: Omit<ComponentProps<typeof Select>, "children">) {
  return (
    <Select {...props}>
      {CURRENCY_CODES.map((code) => <option key={code} value={code}>{currencyLabel(code)}</option>)}
    </Select>
  );
}
