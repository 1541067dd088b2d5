import { useCallback, useEffect } from "react";
import { useLocation, useNavigate } from "react-router";
import { useAuthActions } from "@convex-dev/auth/react";
import { AUTH_TOKEN_KEY_PREFIX } from "./authState";
import { fullPageLoad } from "./fullPageLoad";

/**
 * How long the server gets to end the session before the app goes home anyway. Offline the
 * sign-out call would wait for a connection indefinitely, so it gets no time at all.
 */
const SIGN_OUT_WAIT_MS = 3000;


function clearStorage(storage: () => Storage): string[] {
  try {
    const keys = Object.keys(storage());
    storage().clear();
    return keys;
  } catch {
    // Storage can be unavailable (privacy mode); nothing left to clear then.
    return [];
  }
}

/**
 * Tells the auth client the access token is gone, as another tab's sign-out would: it listens to
 * storage events on its token key and drops the token it holds in memory. Used when the server
 * could not be asked (offline), since only a completed sign-out call clears that token itself.
 */
function dropTokenInMemory(clearedKeys: string[]) {
  for (const key of clearedKeys.filter((k) => k.startsWith(AUTH_TOKEN_KEY_PREFIX))) {
    window.dispatchEvent(new StorageEvent("storage", { key, oldValue: null, newValue: null, storageArea: window.localStorage }));
  }
}

/** True once `promise` settles (either way) within `ms`; false if it is still pending then. */
function settlesWithin(promise: Promise<unknown>, ms: number): Promise<boolean> {
  return new Promise((resolve) => {
    const timer = setTimeout(() => resolve(false), ms);
    void promise.finally(() => {
      clearTimeout(timer);
      resolve(true);
    });
  });
}

// While a sign-out is under way, protected routes must not bounce the user to /auth: the
// sign-out itself is about to take them to /. React Router renders navigations in a transition,
// so the signed-out auth state renders first, still on the old (protected) page: the flag holds
// until the router has actually arrived at /.
let phase: "idle" | "signing-out" | "going-home" = "idle";
export const isSigningOut = () => phase !== "idle";

/**
 * Sign-out, in this order: end the session, then clear all local and session storage
 * even if that failed, then go to /. When the server cannot be reached (offline, backend down)
 * the app does not wait for it: storage is cleared and the app goes home at once; the pending
 * call still ends the session if the connection comes back. A navigation error falls back to
 * a full page load.
 */
export function useSignOut() {
  const { signOut } = useAuthActions();
  const navigate = useNavigate();
  const location = useLocation();

  useEffect(() => {
    if (phase === "going-home" && location.pathname === "/") phase = "idle";
  }, [location]);

  return useCallback(async () => {
    phase = "signing-out";
    const ending = signOut().catch((error: unknown) => {
      console.warn("Sign out failed; clearing the local session anyway.", error);
    });
    const ended = await settlesWithin(ending, navigator.onLine ? SIGN_OUT_WAIT_MS : 0);
    const cleared = clearStorage(() => window.localStorage);
    clearStorage(() => window.sessionStorage);
    if (!ended) dropTokenInMemory(cleared);
    phase = "going-home";
    try {
      await navigate("/", { replace: true });
    } catch {
      phase = "idle";
      fullPageLoad("/");
    }
  }, [signOut, navigate]);
}
