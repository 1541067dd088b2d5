import { useState } from "react";
import { Link, useLocation, useNavigate } from "react-router";
import { useAuthActions } from "@convex-dev/auth/react";
import { toast } from "sonner";
import { Button } from "../../ui";
import { EMAIL_CODE_TTL_MS } from "../../../convex/lib/constants";
import { AuthShell, linkClass } from "./AuthShell";
import { passwordAuthMessage } from "./authErrors";

const LINK_TTL_HOURS = Math.round(EMAIL_CODE_TTL_MS / 3_600_000);
const RESEND_FAILED = "Could not resend the email. Please try again.";

const text = (value: unknown) => (typeof value === "string" && value ? value : null);

function readState(state: unknown) {
  const s = (state ?? {}) as Record<string, unknown>;
  return { email: text(s.email), password: text(s.password), from: text(s.from), ref: text(s.ref) };
}

/** After sign-up (or signing in unverified): what to do next, and a resend. */
export default function CheckEmailPage() {
  const location = useLocation();
  const navigate = useNavigate();
  const { signIn } = useAuthActions();
  const { email, password, from, ref } = readState(location.state);
  const [sending, setSending] = useState(false);
  const canResend = Boolean(email && password);

  async function resend() {
    if (!email || !password) return;
    setSending(true);
    try {
      // Signing in while unverified is what sends a fresh link (keeping where sign-up started).
      const result = await signIn("password", {
        flow: "signIn",
        email,
        password,
        ...(from ? { from } : {}),
        ...(ref ? { ref } : {}),
      });
      if (result.signingIn) {
        toast.success("Your email is already verified. Welcome!");
        navigate("/dashboard", { replace: true });
        return;
      }
      toast.success(`Verification email sent again to ${email}.`);
    } catch (error) {
      toast.error(passwordAuthMessage(error, RESEND_FAILED));
    } finally {
      setSending(false);
    }
  }

  return (
    <AuthShell
      title="Check your email"
      focusHeading
      icon={
        <span
          aria-hidden="true"
          className="mb-4 grid h-14 w-14 place-items-center rounded-2xl bg-indigo-50 text-indigo-600 dark:bg-indigo-950 dark:text-indigo-300"
        >
          <svg viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth="1.8" className="h-7 w-7">
            <path d="M3 7.5 12 13l9-5.5M4.5 5h15A1.5 1.5 0 0 1 21 6.5v11a1.5 1.5 0 0 1-1.5 1.5h-15A1.5 1.5 0 0 1 3 17.5v-11A1.5 1.5 0 0 1 4.5 5Z" />
          </svg>
        </span>
      }
      footer={
        <Link to="/auth" className={linkClass}>
          Back to sign in
        </Link>
      }
    >
      <div className="flex flex-col gap-4 text-sm text-slate-700 dark:text-slate-300">
        <p className="text-base text-slate-900 dark:text-slate-100">
          {email ? (
            <>
              We sent a verification link to <strong className="font-semibold [overflow-wrap:anywhere]">{email}</strong>.
            </>
          ) : (
            "We sent a verification link to your email address."
          )}
        </p>
        <ol className="list-decimal space-y-1.5 pl-5">
          <li>Open the email from TagMyThing and select the verification link.</li>
          <li>You will be signed in and taken straight to your account.</li>
          <li>Can&apos;t find it? Check your spam or junk folder.</li>
        </ol>
        <p className="text-slate-500 dark:text-slate-400">
          The link works once and expires after {LINK_TTL_HOURS} hours. If it has expired, ask for a new one.
        </p>
        {canResend ? (
          <Button variant="outline" fullWidth loading={sending} loadingText="Sending..." onClick={resend}>
            Resend email
          </Button>
        ) : (
          <p>
            Need a new link?{" "}
            <Link to="/auth" className={linkClass}>
              Sign in again
            </Link>{" "}
            with your email and password and we will send a fresh one.
          </p>
        )}
      </div>
    </AuthShell>
  );
}
