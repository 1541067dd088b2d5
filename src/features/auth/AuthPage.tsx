import { useRef, useState, type FormEvent } from "react";
import { Link, Navigate, useLocation, useNavigate, useSearchParams } from "react-router";
import { useAuthActions } from "@convex-dev/auth/react";
import { useConvexAuth } from "convex/react";
import { Button, Input, Form } from "../../ui";
import { getCapturedReferral } from "../../lib/referral";
import { MIN_PASSWORD_LENGTH } from "../../../convex/lib/constants";
import { PasswordReasons } from "./PasswordReasons";
import { TOTP_STEP_TEXT, TotpSignInStep, type SecondFactor } from "./TotpSignInStep";
import { isMfaRequired, weakPasswordReasons } from "../../lib/errors";
import { AuthShell, FormAlert, linkClass } from "./AuthShell";
import { PasswordInput } from "./PasswordInput";
import { INVALID_CREDENTIALS, passwordAuthMessage } from "./authErrors";
import { afterSignInPath, signupSource } from "./authRedirects";
import { PASSWORD_REQUIRED, normalizeEmail, validateEmail, validateNewPassword } from "./validation";

type Mode = "signIn" | "signUp";
// reasons: the server's 'weak_password' list at sign-up.
type Errors = { email?: string; password?: string; form?: string; reasons?: string[] };

const SIGN_UP_FAILED = "Could not create your account. Please try again.";

/** /auth, /login, /signup and /business-auth: one screen, two modes. */
export default function AuthPage() {
  const { pathname } = useLocation();
  // A fresh form per route, so /login → /signup opens in the right mode.
  return <AuthForm key={pathname} initialMode={pathname === "/signup" ? "signUp" : "signIn"} />;
}

function AuthForm({ initialMode }: { initialMode: Mode }) {
  const location = useLocation();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const { signIn } = useAuthActions();
  const { isAuthenticated } = useConvexAuth();
  const [mode, setMode] = useState<Mode>(initialMode);
  const [email, setEmail] = useState("");
  const [password, setPassword] = useState("");
  const [errors, setErrors] = useState<Errors>({});
  const [submitting, setSubmitting] = useState(false);
  // Password accepted, TOTP on: the code step.
  const [needsCode, setNeedsCode] = useState(false);
  const emailRef = useRef<HTMLInputElement>(null);
  const passwordRef = useRef<HTMLInputElement>(null);

  const isSignUp = mode === "signUp";
  const returnTo = afterSignInPath(location.state);
  const isBusiness = location.pathname === "/business-auth";

  if (isAuthenticated && !submitting) return <Navigate to={returnTo} replace />;

  if (needsCode) {
    const submitCode = async (factor: SecondFactor) => {
      setSubmitting(true);
      try {
        await signIn("password", { flow: "signIn", email: normalizeEmail(email), password, ...factor });
        navigate(returnTo, { replace: true });
      } catch (error) {
        setSubmitting(false);
        throw error;
      }
    };
    return (
      <AuthShell title={TOTP_STEP_TEXT.title} subtitle={normalizeEmail(email)}>
        <TotpSignInStep submit={submitCode} onCancel={() => setNeedsCode(false)} />
      </AuthShell>
    );
  }

  function switchMode() {
    setMode(isSignUp ? "signIn" : "signUp");
    setErrors({});
  }

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const next: Errors = {
      email: validateEmail(email),
      password: isSignUp ? validateNewPassword(password) : password ? undefined : PASSWORD_REQUIRED,
    };
    setErrors(next);
    if (next.email) return emailRef.current?.focus();
    if (next.password) return passwordRef.current?.focus();

    setSubmitting(true);
    const cleanEmail = normalizeEmail(email);
    // from/ref also ride along on sign-in: an unverified account gets a fresh link carrying them.
    const ref = getCapturedReferral();
    const linkParams = { from: signupSource(params, location.state), ...(ref ? { ref } : {}) };
    // The password rides in router state (memory only) so /check-email can resend.
    const checkEmailState = { email: cleanEmail, password, ...linkParams };
    try {
      if (isSignUp) {
        await signIn("password", { flow: "signUp", email: cleanEmail, password, ...linkParams });
        navigate("/check-email", { state: checkEmailState });
        return;
      }
      const result = await signIn("password", { flow: "signIn", email: cleanEmail, password, ...linkParams });
      if (!result.signingIn) {
        navigate("/check-email", { state: checkEmailState });
        return;
      }
      navigate(returnTo, { replace: true });
    } catch (error) {
      setSubmitting(false);
      if (!isSignUp && isMfaRequired(error)) return setNeedsCode(true);
      const reasons = isSignUp ? weakPasswordReasons(error) : null;
      if (reasons) return setErrors({ reasons });
      setErrors({ form: passwordAuthMessage(error, isSignUp ? SIGN_UP_FAILED : INVALID_CREDENTIALS) });
    }
  }

  return (
    <AuthShell
      title={isSignUp ? "Create your account" : "Welcome back"}
      subtitle={
        isSignUp
          ? "Tag, register and protect what you own."
          : "Sign in to manage your tagged assets, wallet and referrals."
      }
      footer={
        <>
          <p>
            {isSignUp ? "Already have an account?" : "Don't have an account?"}{" "}
            <button type="button" onClick={switchMode} className={linkClass}>
              {isSignUp ? "Sign in" : "Sign up"}
            </button>
          </p>
          <Link to="/auth/phone" className={linkClass}>
            Sign in with phone
          </Link>
        </>
      }
    >
      <Form onSubmit={onSubmit} className="flex flex-col gap-4" aria-label={isSignUp ? "Sign up" : "Sign in"}>
        {isBusiness && (
          <FormAlert tone="info">
            <strong className="font-semibold">Business accounts.</strong> Sign in or create an account with your work
            email. Business features (inventory, bulk tagging, CSV import and export) are switched on for your account
            from the business upgrade page once you are signed in.
          </FormAlert>
        )}
        {errors.form && <FormAlert>{errors.form}</FormAlert>}
        {errors.reasons && <PasswordReasons reasons={errors.reasons} />}
        <Input
          ref={emailRef}
          label="Email"
          required
          type="email"
          name="email"
          autoComplete="email"
          inputMode="email"
          autoFocus
          value={email}
          onChange={(e) => setEmail(e.target.value)}
          error={errors.email}
          placeholder="you@example.com"
        />
        <PasswordInput
          ref={passwordRef}
          label="Password"
          required
          name="password"
          autoComplete={isSignUp ? "new-password" : "current-password"}
          value={password}
          onChange={(e) => setPassword(e.target.value)}
          error={errors.password}
          hint={isSignUp ? `At least ${MIN_PASSWORD_LENGTH} characters.` : undefined}
        />
        {!isSignUp && (
          <div className="-mt-1 text-right text-sm">
            <Link to="/forgot-password" className={linkClass}>
              Forgot password?
            </Link>
          </div>
        )}
        <Button
          type="submit"
          size="lg"
          fullWidth
          loading={submitting}
          loadingText={isSignUp ? "Creating account..." : "Signing in..."}
        >
          {isSignUp ? "Create account" : "Sign in"}
        </Button>
      </Form>
    </AuthShell>
  );
}
