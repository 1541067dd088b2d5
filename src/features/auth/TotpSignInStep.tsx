import { useState, type FormEvent } from "react";
import { Button, Input, Form } from "../../ui";
import { useSubmit } from "../../lib/useSubmit";
import { completeTotp } from "../../lib/totpCode";

export type SecondFactor = { totp: string } | { recoveryCode: string };

export const TOTP_STEP_TEXT = {
  title: "Two-factor authentication",
  prompt: "Enter the 6-digit code from your authenticator app",
  recoveryPrompt: "Enter one of your recovery codes. Each code works once.",
  required: "Please enter the code",
  failed: "Could not verify the code. Please try again.",
} as const;

/**
 * The sign-in code step: shown when the password was right but the account has
 * TOTP on (MFA_REQUIRED). `submit` re-runs the sign-in with the code added.
 */
export function TotpSignInStep({ submit, onCancel }: { submit: (factor: SecondFactor) => Promise<void>; onCancel: () => void }) {
  const [useRecovery, setUseRecovery] = useState(false);
  const [code, setCode] = useState("");
  // On success the page navigates away: the button stays busy until it does.
  const { busy, error, setError, run } = useSubmit({ fallback: TOTP_STEP_TEXT.failed, busyAfterSuccess: true });

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const clean = code.trim();
    if (clean === "") return setError(TOTP_STEP_TEXT.required);
    await run(() => submit(useRecovery ? { recoveryCode: clean } : { totp: clean.replace(/\s/g, "") }));
  }

  return (
    <Form onSubmit={onSubmit} aria-label={TOTP_STEP_TEXT.title} className="flex flex-col gap-4">
      <p className="text-sm text-slate-600 dark:text-slate-400">
        {useRecovery ? TOTP_STEP_TEXT.recoveryPrompt : TOTP_STEP_TEXT.prompt}
      </p>
      <Input
        key={useRecovery ? "recovery" : "totp"}
        label={useRecovery ? "Recovery code" : "Authentication code"}
        required
        name={useRecovery ? "recovery-code" : "totp"}
        autoComplete={useRecovery ? "off" : "one-time-code"}
        inputMode={useRecovery ? "text" : "numeric"}
        autoFocus
        value={code}
        onChange={(e) => {
          setCode(e.target.value);
          // The sixth digit submits, as the SMS code boxes do.
          const totp = useRecovery ? null : completeTotp(e.target.value);
          if (totp !== null && !busy) void run(() => submit({ totp }));
        }}
        error={error}
      />
      <Button type="submit" size="lg" fullWidth loading={busy} loadingText="Verifying...">
        Verify
      </Button>
      <div className="flex flex-wrap justify-between gap-2 text-sm">
        <button
          type="button"
          className="font-medium text-indigo-600 hover:underline dark:text-indigo-400"
          onClick={() => {
            setUseRecovery((r) => !r);
            setCode("");
            setError(null);
          }}
        >
          {useRecovery ? "Use your authenticator app" : "Use a recovery code"}
        </button>
        <button type="button" className="font-medium text-slate-600 hover:underline dark:text-slate-400" onClick={onCancel}>
          Back to sign in
        </button>
      </div>
    </Form>
  );
}
