import { useCallback } from "react";
import { useNavigate } from "react-router";
import { useAuthActions } from "@convex-dev/auth/react";

function clearStorage(storage: () => Storage) {
  try {
    storage().clear();
  } catch {
    // Storage can be unavailable (privacy mode); nothing left to clear then.
  }
}

/**
 * Sign-out, in this order: end the session, then clear all local and
 * session storage even if that failed, then go to /. A navigation error falls
 * back to a full page load.
 */
// While a sign-out is under way, protected routes must not bounce the user to
// /auth: the sign-out itself is about to take them to /.
let signingOut = false;
export const isSigningOut = () => signingOut;

export function useSignOut() {
  const { signOut } = useAuthActions();
  const navigate = useNavigate();
  return useCallback(async () => {
    signingOut = true;
    try {
      await signOut();
    } catch (error) {
      console.warn("Sign out failed; clearing the local session anyway.", error);
    }
    clearStorage(() => window.localStorage);
    clearStorage(() => window.sessionStorage);
    try {
      await navigate("/", { replace: true });
    } catch {
      window.location.assign("/");
    } finally {
      signingOut = false;
    }
  }, [signOut, navigate]);
}
