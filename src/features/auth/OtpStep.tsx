import { useState } from "react";
import { useNavigate } from "react-router";
import { useAuthActions } from "@convex-dev/auth/react";
import { toast } from "sonner";
import { OTP_RESEND_SECONDS } from "../../../convex/lib/constants";
import { Button, Form } from "../../ui";
import { OtpInput } from "./OtpInput";
import { linkClass } from "./AuthShell";
import { PHONE_MESSAGES } from "./phoneMessages";
import { emptyOtp, isOtpComplete } from "./phone";
import { useCountdown } from "./useCountdown";
import { useApplyReferral } from "./useApplyReferral";
import { errorMessage } from "../../lib/errors";

export function OtpStep({ phone, onChangeNumber }: { phone: string; onChangeNumber: () => void }) {
  const navigate = useNavigate();
  const { signIn } = useAuthActions();
  const applyReferral = useApplyReferral();
  const [digits, setDigits] = useState(emptyOtp);
  const [verifying, setVerifying] = useState(false);
  const [resending, setResending] = useState(false);
  const [focusRequest, setFocusRequest] = useState({ index: 0, seq: 0 });
  const { remaining, restart } = useCountdown(OTP_RESEND_SECONDS);

  function clearDigits() {
    setDigits(emptyOtp());
    setFocusRequest((r) => ({ index: 0, seq: r.seq + 1 }));
  }

  async function verify(code: string) {
    setVerifying(true);
    try {
      const result = await signIn("phone", { phone, code });
      if (!result.signingIn) {
        toast.error(PHONE_MESSAGES.noUser);
        setVerifying(false);
        clearDigits();
        return;
      }
      toast.success(PHONE_MESSAGES.verified);
      // Phone sign-ups are attributed like email ones; the server ignores repeats.
      await applyReferral({ ref: null, from: "phone_verification" });
      void navigate("/dashboard", { replace: true });
    } catch (error) {
      toast.error(errorMessage(error, PHONE_MESSAGES.invalidCode));
      setVerifying(false);
      clearDigits();
    }
  }

  function handleChange(next: string[]) {
    setDigits(next);
    if (!verifying && isOtpComplete(next)) void verify(next.join(""));
  }

  async function resend() {
    setResending(true);
    try {
      await signIn("phone", { phone });
      restart();
      clearDigits();
      toast.success(PHONE_MESSAGES.resent);
    } catch (error) {
      toast.error(errorMessage(error, PHONE_MESSAGES.resendFailed));
    } finally {
      setResending(false);
    }
  }

  return (
    <Form
      aria-label="Enter verification code"
      className="flex flex-col gap-5"
      onSubmit={(e) => {
        e.preventDefault();
        if (isOtpComplete(digits) && !verifying) void verify(digits.join(""));
      }}
    >
      <OtpInput digits={digits} onChange={handleChange} disabled={verifying} focusRequest={focusRequest} />
      <p aria-live="polite" className="sr-only">
        {verifying ? "Verifying code..." : ""}
      </p>
      <Button
        type="submit"
        size="lg"
        fullWidth
        loading={verifying}
        loadingText="Verifying..."
        disabled={!isOtpComplete(digits)}
      >
        Verify code
      </Button>
      <div className="flex flex-col items-center gap-3 text-sm sm:flex-row sm:justify-between">
        <Button
          variant="ghost"
          size="sm"
          onClick={resend}
          disabled={remaining > 0 || verifying}
          loading={resending}
          loadingText="Sending..."
        >
          {remaining > 0 ? `Resend code in ${remaining}s` : "Resend code"}
        </Button>
        <button type="button" onClick={onChangeNumber} className={linkClass}>
          Change phone number
        </button>
      </div>
    </Form>
  );
}
