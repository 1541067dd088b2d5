import { useEffect, useRef, useState, type FormEvent } from "react";
import { Link, useNavigate } from "react-router";
import { useAuthActions } from "@convex-dev/auth/react";
import { useConvexAuth, useQuery } from "convex/react";
import { toast } from "sonner";
import { api } from "../../../convex/_generated/api";
import { MIN_PASSWORD_LENGTH } from "../../../convex/lib/constants";
import { Button, Spinner, Form } from "../../ui";
import { FormAlert, linkClass } from "./AuthShell";
import { PasswordInput } from "./PasswordInput";
import { PasswordReasons } from "./PasswordReasons";
import { convexErrorMessage, weakPasswordReasons } from "../../lib/errors";
import { RESET_MESSAGES } from "./resetMessages";
import { PASSWORDS_DO_NOT_MATCH, validateNewPassword } from "./validation";

// reasons: the server's 'weak_password' list.
type Errors = { password?: string; confirm?: string; form?: string; reasons?: string[] };

// How long the new session gets to reach the server before signing it out anyway.
const SESSION_READY_WAIT_MS = 5000;

/** Resolves once `ready()` is true (checked every 50 ms) or after `ms`. */
function waitUntil(ready: () => boolean, ms: number): Promise<void> {
  return new Promise((resolve) => {
    const started = Date.now();
    const tick = () => (ready() || Date.now() - started >= ms ? resolve() : setTimeout(tick, 50));
    tick();
  });
}

function updateFailure(error: unknown): string {
  const own = convexErrorMessage(error);
  if (own) return own;
  const raw = error instanceof Error ? error.message : "";
  return /Invalid code|InvalidAccountId/.test(raw) ? RESET_MESSAGES.expiredLink : RESET_MESSAGES.updateFailed;
}

/** `email` only when the link names one (older links); the server reads the account from the token. */
export function ResetPasswordForm({ email, token }: { email?: string; token: string }) {
  const navigate = useNavigate();
  const { signIn, signOut } = useAuthActions();
  // Sign-out ends the session the server knows the client by; called before the client has
  // authenticated with the reset's new session, it ends nothing and a token refresh keeps
  // the user signed in. So it waits for the client to be signed in first.
  const { isAuthenticated } = useConvexAuth();
  const authenticated = useRef(isAuthenticated);
  useEffect(() => {
    authenticated.current = isAuthenticated;
  }, [isAuthenticated]);
  const check = useQuery(api.passwordReset.checkResetLink, email === undefined ? { token } : { email, token });
  // The first answer counts: once the code is used the live query turns invalid, which must not flash an error.
  const [verdict, setVerdict] = useState<boolean | null>(null);
  if (verdict === null && check !== undefined) setVerdict(check.valid);

  const [password, setPassword] = useState("");
  const [confirm, setConfirm] = useState("");
  const [errors, setErrors] = useState<Errors>({});
  const [updating, setUpdating] = useState(false);
  const passwordRef = useRef<HTMLInputElement>(null);
  const confirmRef = useRef<HTMLInputElement>(null);

  useEffect(() => {
    if (verdict === true) toast.success(RESET_MESSAGES.verified, { id: "reset-link" });
    if (verdict === false) toast.error(RESET_MESSAGES.expiredLink, { id: "reset-link" });
  }, [verdict]);

  if (verdict === null) {
    return (
      <div className="flex justify-center py-6">
        <Spinner label={RESET_MESSAGES.verifying} size="lg" />
      </div>
    );
  }

  function fail(next: Errors, message: string) {
    setErrors(next);
    toast.error(message);
  }

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (verdict !== true) return fail({ form: RESET_MESSAGES.invalidSession }, RESET_MESSAGES.invalidSession);
    const next: Errors = {
      password: validateNewPassword(password),
      confirm: password !== confirm ? PASSWORDS_DO_NOT_MATCH : undefined,
    };
    if (next.confirm) {
      fail(next, next.confirm);
      return (next.password ? passwordRef : confirmRef).current?.focus();
    }
    if (next.password) {
      fail(next, next.password);
      return passwordRef.current?.focus();
    }
    setErrors({});
    setUpdating(true);
    try {
      try {
        const params: Record<string, string> = { flow: "reset-verification", code: token, newPassword: password };
        if (email !== undefined) params.email = email;
        await signIn("password", params);
      } catch (error) {
        const message = updateFailure(error);
        const reasons = weakPasswordReasons(error);
        fail(reasons ? { reasons } : { form: message }, message);
        if (reasons) passwordRef.current?.focus();
        return;
      }
      // Resetting signs the user in; they are asked to sign in again with the new password.
      try {
        await waitUntil(() => authenticated.current, SESSION_READY_WAIT_MS);
        await signOut();
      } catch {
        // The password is changed either way.
      }
      toast.success(RESET_MESSAGES.success);
      void navigate("/auth", { replace: true });
    } catch {
      fail({ form: RESET_MESSAGES.generic }, RESET_MESSAGES.generic);
    } finally {
      setUpdating(false);
    }
  }

  return (
    <Form onSubmit={onSubmit} className="flex flex-col gap-4">
      {verdict === false && (
        <FormAlert>
          {RESET_MESSAGES.expiredLink}{" "}
          <Link to="/forgot-password" className={linkClass}>
            Request a new link
          </Link>
        </FormAlert>
      )}
      {errors.form && <FormAlert>{errors.form}</FormAlert>}
      {errors.reasons && <PasswordReasons reasons={errors.reasons} />}
      {email && (
        <p className="text-sm text-slate-600 dark:text-slate-400">
          Resetting the password for <strong className="[overflow-wrap:anywhere]">{email}</strong>.
        </p>
      )}
      <PasswordInput
        ref={passwordRef}
        label="New Password"
        required
        name="new-password"
        autoComplete="new-password"
        autoFocus={verdict === true}
        value={password}
        onChange={(e) => setPassword(e.target.value)}
        error={errors.password}
        hint={`At least ${MIN_PASSWORD_LENGTH} characters.`}
      />
      <PasswordInput
        ref={confirmRef}
        label="Confirm Password"
        required
        name="confirm-password"
        autoComplete="new-password"
        value={confirm}
        onChange={(e) => setConfirm(e.target.value)}
        error={errors.confirm}
      />
      <Button type="submit" size="lg" fullWidth loading={updating} loadingText="Updating...">
        Update Password
      </Button>
    </Form>
  );
}
