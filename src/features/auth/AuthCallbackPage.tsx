import { useEffect, useState } from "react";
import { useNavigate, useSearchParams } from "react-router";
import { useAuthActions } from "@convex-dev/auth/react";
import { CALLBACK_ERROR_DELAY_MS, CALLBACK_SUCCESS_DELAY_MS } from "../../../convex/lib/constants";
import { AuthShell } from "./AuthShell";
import { afterVerificationPath, DEFAULT_AFTER_SIGN_IN, TAGGING_SOURCE } from "./authRedirects";
import { useApplyReferral } from "./useApplyReferral";
import { pendingInvitation } from "../../lib/pendingInvitation";

const CALLBACK_MESSAGES = {
  verifying: "Verifying your email...",
  verified: "Email verified! Redirecting to your dashboard...",
  verifiedTagging: "Email verified! Redirecting you to tag your asset...",
  failed: "Email verification failed. Please try again.",
  noSession: "No user session found. Redirecting...",
  unexpected: "Something went wrong. Redirecting...",
} as const;

type VerifyResult = { signingIn: boolean };

// The code is single-use. One attempt per link, shared by every mount of this page, so
// StrictMode's second effect run (or a remount while auth state settles) reuses it.
const attempts = new Map<string, Promise<VerifyResult>>();

function verifyOnce(email: string, code: string, verify: () => Promise<VerifyResult>): Promise<VerifyResult> {
  const key = `${email}\n${code}`;
  let attempt = attempts.get(key);
  if (!attempt) {
    attempt = verify();
    attempts.set(key, attempt);
  }
  return attempt;
}

// Likewise the referral step: one call per link, whichever mount gets there first.
const referralSteps = new Map<string, Promise<unknown>>();

function referralOnce(email: string, code: string, apply: () => Promise<unknown>): Promise<unknown> {
  const key = `${email}\n${code}`;
  let step = referralSteps.get(key);
  if (!step) {
    step = apply();
    referralSteps.set(key, step);
  }
  return step;
}

type Outcome = { tone: "success" | "error"; message: string; to: string; delay: number };

const noSession: Outcome = { tone: "error", message: CALLBACK_MESSAGES.noSession, to: "/auth", delay: CALLBACK_SUCCESS_DELAY_MS };

/** /auth/callback?code&email&from&ref: the link in the verification email. */
export default function AuthCallbackPage() {
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const { signIn } = useAuthActions();
  const code = params.get("code");
  const email = params.get("email");
  const from = params.get("from");
  const ref = params.get("ref");
  const applyReferral = useApplyReferral();
  const [verification, setVerification] = useState<Outcome | null>(null);
  const outcome = !code || !email ? noSession : verification;

  useEffect(() => {
    if (!code || !email) return;
    let current = true;
    const settle = (next: Outcome) => {
      if (current) setVerification(next);
    };
    const unexpected = () =>
      settle({ tone: "error", message: CALLBACK_MESSAGES.unexpected, to: "/auth", delay: CALLBACK_ERROR_DELAY_MS });
    verifyOnce(email, code, () => signIn("password", { flow: "email-verification", email, code })).then(
      async (result) => {
        try {
          if (!result.signingIn) return settle(noSession);
          // A failed referral call must not undo the verification: it still reads as verified and goes on.
          const applied = await referralOnce(email, code, () => applyReferral({ ref, from }));
          const tagging = from?.includes(TAGGING_SOURCE) ?? false;
          settle({
            tone: "success",
            message: tagging && applied ? CALLBACK_MESSAGES.verifiedTagging : CALLBACK_MESSAGES.verified,
            // Signed up through a workspace invitation: back to it, where the acceptance completes.
            to: pendingInvitation() ?? (applied ? afterVerificationPath(from) : DEFAULT_AFTER_SIGN_IN),
            delay: CALLBACK_SUCCESS_DELAY_MS,
          });
        } catch {
          unexpected();
        }
      },
      () => settle({ tone: "error", message: CALLBACK_MESSAGES.failed, to: "/auth", delay: CALLBACK_ERROR_DELAY_MS }),
    );
    return () => {
      current = false;
    };
  }, [code, email, from, ref, signIn, applyReferral]);

  // The redirect has its own effect so the timer follows the outcome, whichever mount produced it.
  useEffect(() => {
    if (!outcome) return;
    const timer = setTimeout(() => navigate(outcome.to, { replace: true }), outcome.delay);
    return () => clearTimeout(timer);
  }, [outcome, navigate]);

  return (
    <AuthShell title="Email Verification" focusHeading>
      <div role="status" aria-live="polite" className="flex min-h-24 flex-col items-center justify-center gap-3 text-center">
        {!outcome ? (
          <>
            <span
              aria-hidden="true"
              className="h-10 w-10 animate-spin rounded-full border-4 border-indigo-600 border-t-transparent dark:border-indigo-400 dark:border-t-transparent"
            />
            <p className="text-base font-medium text-slate-700 dark:text-slate-300">{CALLBACK_MESSAGES.verifying}</p>
          </>
        ) : (
          <>
            <StatusIcon tone={outcome.tone} />
            <p
              className={
                outcome.tone === "success"
                  ? "text-base font-medium text-emerald-700 dark:text-emerald-300"
                  : "text-base font-medium text-red-700 dark:text-red-300"
              }
            >
              {outcome.message}
            </p>
          </>
        )}
      </div>
    </AuthShell>
  );
}

function StatusIcon({ tone }: { tone: Outcome["tone"] }) {
  const ok = tone === "success";
  return (
    <span
      aria-hidden="true"
      className={`grid h-12 w-12 place-items-center rounded-full ${
        ok
          ? "bg-emerald-100 text-emerald-600 dark:bg-emerald-950 dark:text-emerald-300"
          : "bg-red-100 text-red-600 dark:bg-red-950 dark:text-red-300"
      }`}
    >
      <svg viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth="2.2" className="h-6 w-6">
        {ok ? <path d="m5 12.5 4.5 4.5L19 7.5" /> : <path d="M12 7.5v5.5m0 3.5h.01" />}
      </svg>
    </span>
  );
}
