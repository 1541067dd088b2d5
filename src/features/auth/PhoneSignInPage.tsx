import { useState } from "react";
import { Link } from "react-router";
import type { CountryCode } from "libphonenumber-js";
import { DEFAULT_PHONE_REGION } from "../../../convex/lib/phone";
import { AuthShell, linkClass } from "./AuthShell";
import { OtpStep } from "./OtpStep";
import { PhoneNumberStep } from "./PhoneNumberStep";
import { formatFullPhone, toE164 } from "./phone";

/** /auth/phone: phone number, then the 6-digit code sent by SMS. */
export default function PhoneSignInPage() {
  const [step, setStep] = useState<"phone" | "otp">("phone");
  const [country, setCountry] = useState<CountryCode>(DEFAULT_PHONE_REGION);
  const [number, setNumber] = useState("");

  return (
    <AuthShell
      title={step === "phone" ? "Sign in with phone" : "Enter your code"}
      subtitle={
        step === "phone" ? (
          "We will text you a 6-digit code. No password needed."
        ) : (
          <>
            We sent a 6-digit code to <strong className="whitespace-nowrap">{formatFullPhone(country, number)}</strong>.
          </>
        )
      }
      footer={
        <Link to="/auth" className={linkClass}>
          Back to email login
        </Link>
      }
    >
      {step === "phone" ? (
        <PhoneNumberStep
          country={country}
          number={number}
          onCountryChange={setCountry}
          onNumberChange={setNumber}
          onSent={() => setStep("otp")}
        />
      ) : (
        <OtpStep phone={toE164(country, number)} onChangeNumber={() => setStep("phone")} />
      )}
    </AuthShell>
  );
}
