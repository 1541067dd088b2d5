import { Component, useEffect, type ReactNode } from "react";
import { Link, useNavigate, useSearchParams } from "react-router";
import { toast } from "sonner";
import { AuthShell, FormAlert, linkClass } from "./AuthShell";
import { ResetPasswordForm } from "./ResetPasswordForm";
import { RESET_MESSAGES } from "./resetMessages";

/** /reset-password?token&type=recovery (older links also carry &email): the link in the reset email. */
export default function ResetPasswordPage() {
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const token = params.get("token");
  const email = params.get("email");
  // A reset link needs a token and type=recovery; the token alone names the account.
  const wellFormed = Boolean(token && params.get("type") === "recovery");

  useEffect(() => {
    if (wellFormed) return;
    // The toast id keeps StrictMode's second run from showing it twice.
    toast.error(RESET_MESSAGES.invalidLink, { id: "reset-link" });
    void navigate("/forgot-password", { replace: true });
  }, [wellFormed, navigate]);

  return (
    <AuthShell
      title="Set a new password"
      subtitle="Choose a password you don't use anywhere else."
      footer={
        <Link to="/login" className={linkClass}>
          Back to Login
        </Link>
      }
    >
      {wellFormed && token ? (
        <LinkCheckBoundary>
          <ResetPasswordForm email={email ?? undefined} token={token} />
        </LinkCheckBoundary>
      ) : null}
    </AuthShell>
  );
}

/** If checking the link fails outright, say so here instead of blanking the app. */
class LinkCheckBoundary extends Component<{ children: ReactNode }, { failed: boolean }> {
  state = { failed: false };

  static getDerivedStateFromError() {
    return { failed: true };
  }

  render() {
    if (!this.state.failed) return this.props.children;
    return (
      <div className="flex flex-col gap-3">
        <FormAlert>{RESET_MESSAGES.generic}</FormAlert>
        <Link to="/forgot-password" className={linkClass}>
          Request a new reset link
        </Link>
      </div>
    );
  }
}
