import { useMemo, type ReactNode } from "react";
import { useConvexAuth } from "convex/react";
import { ConvexAuthProvider } from "@convex-dev/auth/react";
import { SessionGate } from "../features/account/security/SessionGate";
import { AuthStateContext, hasStoredSession, type BackendParts } from "../lib/authState";
import { convexClient } from "../lib/convexClient";
import { ConnectionBanner } from "./ConnectionBanner";
import { useActivityPing } from "./useActivityPing";

const PARTS: BackendParts = { ConnectionBanner, SessionGate };

function AuthStateBridge({ children }: { children: ReactNode }) {
  const { isLoading: authLoading, isAuthenticated } = useConvexAuth();
  // Without a stored session there is nothing to initialise: a visitor, at once (the visitor's
  // layout stays up instead of giving way to a 'Loading...' screen for a moment).
  const isLoading = authLoading && hasStoredSession();
  useActivityPing();
  const state = useMemo(() => ({ backend: PARTS, isLoading, isAuthenticated }), [isLoading, isAuthenticated]);
  return <AuthStateContext.Provider value={state}>{children}</AuthStateContext.Provider>;
}

/** The Convex client and Convex Auth around the app, and their sign-in state for the shell (useAuthState). */
export function ConvexLayer({ children }: { children: ReactNode }) {
  return (
    // The verification link's ?code= is redeemed by /auth/callback itself, so the provider must not consume it first.
    <ConvexAuthProvider client={convexClient} shouldHandleCode={false}>
      <AuthStateBridge>{children}</AuthStateBridge>
    </ConvexAuthProvider>
  );
}
