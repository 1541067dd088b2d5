import { useEffect } from "react";
import { useConvexAuth, useMutation } from "convex/react";
import { api } from "../../convex/_generated/api";
import { ACTIVITY_THROTTLE_MS } from "../../convex/lib/constants";

/**
 * Records activity (users.updateActivity, the last-active time): once on sign-in, then at
 * most once a minute while the tab is visible. The server throttles too; this
 * keeps idle background tabs from sending anything at all.
 */
export function useActivityPing() {
  const { isAuthenticated } = useConvexAuth();
  const updateActivity = useMutation(api.users.updateActivity);

  useEffect(() => {
    if (!isAuthenticated) return;
    let last = 0;
    const ping = () => {
      if (document.visibilityState !== "visible") return;
      const now = Date.now();
      if (now - last < ACTIVITY_THROTTLE_MS) return;
      last = now;
      // Activity is best-effort; a failed ping must never disturb the user.
      updateActivity().catch(() => undefined);
    };
    ping();
    const interval = setInterval(ping, ACTIVITY_THROTTLE_MS);
    document.addEventListener("visibilitychange", ping);
    return () => {
      clearInterval(interval);
      document.removeEventListener("visibilitychange", ping);
    };
  }, [isAuthenticated, updateActivity]);
}
