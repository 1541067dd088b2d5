import { useId, useRef, useState, type FormEvent } from "react";
import { useAuthActions } from "@convex-dev/auth/react";
import { toast } from "sonner";
import type { CountryCode } from "libphonenumber-js";
import { Button, Input, Form, RequiredMark } from "../../ui";
import { PhoneCountrySelect } from "../../lib/PhoneCountrySelect";
import { PHONE_MESSAGES } from "./phoneMessages";
import { formatPhoneDisplay, isValidPhone, maxNationalDigits, splitInternational, toE164 } from "./phone";
import { errorMessage } from "../../lib/errors";

interface PhoneNumberStepProps {
  country: CountryCode;
  number: string;
  onCountryChange: (region: CountryCode) => void;
  onNumberChange: (display: string) => void;
  onSent: () => void;
}

export function PhoneNumberStep({ country, number, onCountryChange, onNumberChange, onSent }: PhoneNumberStepProps) {
  const { signIn } = useAuthActions();
  const [error, setError] = useState<string>();
  const [sending, setSending] = useState(false);
  const inputRef = useRef<HTMLInputElement>(null);
  const id = useId();

  function handleNumber(raw: string) {
    const international = splitInternational(raw);
    const nextCountry = international?.country ?? country;
    if (international) onCountryChange(international.country);
    onNumberChange(formatPhoneDisplay(international?.national ?? raw, maxNationalDigits(nextCountry)));
    if (error) setError(undefined);
  }

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (!isValidPhone(country, number)) {
      setError(PHONE_MESSAGES.invalidNumber);
      toast.error(PHONE_MESSAGES.invalidNumber);
      return inputRef.current?.focus();
    }
    setSending(true);
    try {
      await signIn("phone", { phone: toE164(country, number) });
      toast.success(PHONE_MESSAGES.sent);
      onSent();
    } catch (err) {
      const message = errorMessage(err, PHONE_MESSAGES.sendFailed);
      setError(message);
      toast.error(message);
      setSending(false);
    }
  }

  return (
    <Form onSubmit={onSubmit} className="flex flex-col gap-4" aria-label="Send a sign-in code">
      <div className="flex flex-col gap-1.5">
        <div className="flex items-baseline">
          <label htmlFor={`${id}-number`} className="text-sm font-medium text-slate-700 dark:text-slate-200">
            Phone number
          </label>
          <RequiredMark />
        </div>
        <div className="flex flex-col gap-2">
          <PhoneCountrySelect
            value={country}
            onChange={(region) => {
              onCountryChange(region);
              onNumberChange(formatPhoneDisplay(number, maxNationalDigits(region)));
            }}
          />
          <Input
            ref={inputRef}
            id={`${id}-number`}
            type="tel"
            required
            inputMode="tel"
            autoComplete="tel-national"
            autoFocus
            placeholder="791 112 3456"
            value={number}
            onChange={(e) => handleNumber(e.target.value)}
            error={error}
            hint="With or without the leading 0."
          />
        </div>
      </div>
      <Button type="submit" size="lg" fullWidth loading={sending} loadingText="Sending...">
        Send code
      </Button>
    </Form>
  );
}
