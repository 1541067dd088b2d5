import { useRef, useState, type FormEvent } from "react";
import { Link } from "react-router";
import { useAuthActions } from "@convex-dev/auth/react";
import { Button, Input, Form } from "../../ui";
import { AuthShell, FormAlert, linkClass } from "./AuthShell";
import { normalizeEmail, validateEmail } from "./validation";
import { convexErrorMessage } from "../../lib/errors";

const RESET_LINK_SENT = "Check your email for the password reset link!";

/** /forgot-password: asks for an email and sends a reset link to it. */
export default function ForgotPasswordPage() {
  const { signIn } = useAuthActions();
  const [email, setEmail] = useState("");
  const [fieldError, setFieldError] = useState<string>();
  const [formError, setFormError] = useState<string>();
  const [sending, setSending] = useState(false);
  const [sent, setSent] = useState(false);
  const emailRef = useRef<HTMLInputElement>(null);

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    setFormError(undefined);
    const invalid = validateEmail(email);
    setFieldError(invalid);
    if (invalid) return emailRef.current?.focus();
    setSending(true);
    try {
      await signIn("password", { flow: "reset", email: normalizeEmail(email) });
      setSent(true);
    } catch (error) {
      // Our own errors (rate limit, bad input) are shown; anything else, such as an unknown
      // address, gets the usual answer so the form does not reveal who has an account.
      const message = convexErrorMessage(error);
      if (message) setFormError(message);
      else setSent(true);
    } finally {
      setSending(false);
    }
  }

  return (
    <AuthShell
      title="Forgot your password?"
      subtitle="Enter the email you signed up with and we will send you a link to set a new password."
      footer={
        <Link to="/login" className={linkClass}>
          Back to Login
        </Link>
      }
    >
      {sent ? (
        <div className="flex flex-col gap-4">
          <FormAlert tone="success">{RESET_LINK_SENT}</FormAlert>
          <p className="text-sm text-slate-600 dark:text-slate-400">
            The link was sent to <strong className="[overflow-wrap:anywhere]">{normalizeEmail(email)}</strong>. If it does not arrive
            within a few minutes, check your spam folder or{" "}
            <button type="button" className={linkClass} onClick={() => setSent(false)}>
              try again
            </button>
            .
          </p>
        </div>
      ) : (
        <Form onSubmit={onSubmit} className="flex flex-col gap-4">
          {formError && <FormAlert>{formError}</FormAlert>}
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
            error={fieldError}
            placeholder="you@example.com"
          />
          <Button type="submit" size="lg" fullWidth loading={sending} loadingText="Sending...">
            Send Reset Link
          </Button>
        </Form>
      )}
    </AuthShell>
  );
}
