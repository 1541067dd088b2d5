import { useEffect, useState } from "react";
import { useConvexAuth, useQuery } from "convex/react";
import { api } from "../../convex/_generated/api";
import { PROFILE_FETCH_TIMEOUT_MS } from "../../convex/lib/constants";
import type { Profile } from "../lib/profile";

interface ProfileState {
  /** null when signed out, when there is no profile, or when the fetch timed out. */
  profile: Profile | null;
  isLoading: boolean;
}

/**
 * The signed-in user's profile, live. A profile that has not arrived within
 * PROFILE_FETCH_TIMEOUT_MS counts as "no profile" (the page does not wait on it); if it
 * arrives later it is used from then on.
 */
export function useProfile(): ProfileState {
  const { isAuthenticated, isLoading: authLoading } = useConvexAuth();
  const me = useQuery(api.users.me, isAuthenticated ? {} : "skip");
  const waiting = isAuthenticated && me === undefined;
  const [timedOut, setTimedOut] = useState(false);

  useEffect(() => {
    if (!waiting) return;
    const timer = setTimeout(() => setTimedOut(true), PROFILE_FETCH_TIMEOUT_MS);
    return () => {
      clearTimeout(timer);
      setTimedOut(false);
    };
  }, [waiting]);

  if (authLoading) return { profile: null, isLoading: true };
  if (!isAuthenticated) return { profile: null, isLoading: false };
  if (me === undefined) return { profile: null, isLoading: !timedOut };
  return { profile: me, isLoading: false };
}
