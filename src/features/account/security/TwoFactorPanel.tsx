import { useState } from "react";
import { useQuery } from "convex/react";
import { api } from "../../../../convex/_generated/api";
import { Card, Spinner } from "../../../ui";
import { DisableTwoFactor, EnrolTwoFactor, RecoveryCodes, RegenerateRecoveryCodes } from "./TwoFactorSteps";
import { formatDateTime } from "../../../lib/format";

const TWO_FACTOR_TEXT = {
  off: "Add a code from an authenticator app (Google Authenticator, 1Password, Authy...) to your password when you sign in.",
  unavailable:
    "Two-factor authentication protects password sign-in. You sign in with a code sent to your phone, so there is nothing to add.",
} as const;

/** TOTP two-factor: enrol (QR code + first code), see recovery codes once, renew them or turn off with a code. */
export function TwoFactorPanel() {
  const status = useQuery(api.twoFactor.status);
  // Recovery codes exist in memory only, right after enrolment or renewal.
  const [recoveryCodes, setRecoveryCodes] = useState<string[] | null>(null);
  const known = status !== undefined && typeof status?.enabled === "boolean";

  return (
    <Card title="Two-factor authentication" description="A second step at sign-in: a 6-digit code from your phone.">
      {!known ? (
        <Spinner label="Loading two-factor status..." />
      ) : recoveryCodes !== null ? (
        <RecoveryCodes codes={recoveryCodes} onDone={() => setRecoveryCodes(null)} />
      ) : !status.available ? (
        <p className="text-sm text-slate-600 dark:text-slate-400">{TWO_FACTOR_TEXT.unavailable}</p>
      ) : status.enabled ? (
        <div className="flex flex-col gap-4">
          <p className="text-sm text-slate-700 dark:text-slate-300">
            <strong className="font-semibold text-emerald-700 dark:text-emerald-400">On</strong>
            {status.enabledAt !== null && <> since {formatDateTime(status.enabledAt)}</>}.{" "}
            {status.recoveryCodesLeft} of 10 recovery codes left.
          </p>
          <RegenerateRecoveryCodes onCodes={setRecoveryCodes} />
          <DisableTwoFactor />
        </div>
      ) : (
        <div className="flex flex-col gap-4">
          <p className="text-sm text-slate-600 dark:text-slate-400">{TWO_FACTOR_TEXT.off}</p>
          <EnrolTwoFactor onEnabled={setRecoveryCodes} />
        </div>
      )}
    </Card>
  );
}
