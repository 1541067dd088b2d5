import type { ReactNode } from "react";
import { useConvexAuth, useQuery } from "convex/react";
import { api } from "../../../../convex/_generated/api";
import { PageSpinner } from "../../../ui/Spinner";

/**
 * Renders the page only while this device's session is live. Once the session has
 * ended (elsewhere, or by this device's own sign-out a moment before the client drops
 * its token), the server refuses the token, so every guarded query under the page
 * fails: rendered, they would throw and take the app down. `current` turns false in
 * the same transition in which they fail, so the page is replaced before it renders
 * them, until SessionGuard or the sign-out under way has cleared the token.
 */
export function SessionGate({ children }: { children: ReactNode }) {
  const { isAuthenticated } = useConvexAuth();
  const active = useQuery(api.sessions.current, isAuthenticated ? {} : "skip");
  if (isAuthenticated && active === false) return <PageSpinner label="Signing out..." />;
  return children;
}
