// An amount in a currency: the amount typed, the currency chosen beside it (the workspace's
// by default). Its value is one text, "1234.50 GBP", which parseMoney (convex/lib/money)
// reads on the client and the server alike; any form field of type money uses it.
import { CURRENCY_CODES, joinMoneyText, splitMoneyText } from "../../convex/lib/money/currency";
import { cn, controlClasses, Field, Input } from "../ui";

type MoneyInputProps = {
  label: string;
  /** "1234.50 GBP", "12.50" (in `currency`), or "" for no amount. */
  value: string;
  onChange: (value: string) => void;
  /** The workspace's currency: a bare amount is in it, and a new amount starts in it. */
  currency: string;
  error?: string;
  hint?: string;
  placeholder?: string;
  required?: boolean;
  containerClassName?: string;
  /** Every value is in `currency` (a custom money field): it is shown, not chosen. */
  fixed?: boolean;
};

export function MoneyInput({ label, value, onChange, currency: fallback, error, hint, placeholder, required, containerClassName, fixed = false }: MoneyInputProps) {
  if (fixed) {
    return (
      <Input {...{ label, value, error, hint, placeholder, required, containerClassName }} unit={fallback} type="text" inputMode="decimal" autoComplete="off"
        onChange={(e) => onChange(e.target.value)} className="tabular-nums" />
    );
  }
  const { amount, currency } = splitMoneyText(value, fallback);
  return (
    <Field {...{ label, error, hint, containerClassName, required }}>
      {(a11y) => (
        <div className="flex gap-2">
          <input
            {...a11y}
            type="text"
            inputMode="decimal"
            autoComplete="off"
            value={amount}
            placeholder={placeholder}
            onChange={(e) => onChange(joinMoneyText(e.target.value, currency, fallback))}
            className={cn(controlClasses(error), "h-11 min-w-0 flex-1 px-3 tabular-nums")}
          />
          {/* Its own box: the control's classes make it full width, the box keeps it narrow. */}
          <div className="w-24 shrink-0">
            <select
              aria-label={`${label}: currency`}
              value={currency}
              onChange={(e) => onChange(joinMoneyText(amount, e.target.value, fallback))}
              className={cn(controlClasses(), "h-11 px-2")}
            >
              {CURRENCY_CODES.map((code) => <option key={code} value={code}>{code}</option>)}
            </select>
          </div>
        </div>
      )}
    </Field>
  );
}
