import { useCallback, useEffect, useRef } from "react";
import { useConvexAuth, useMutation } from "convex/react";
import { api } from "../../../convex/_generated/api";
import { DEFAULT_VERIFICATION_SOURCE, PROFILE_FETCH_TIMEOUT_MS } from "../../../convex/lib/constants";
import { clearCapturedReferral, getCapturedReferral } from "../../lib/referral";

type ReferralArgs = { ref: string | null; from: string | null };

/**
 * Applies the referral (the link's `ref`, else the one captured on the first visit)
 * for the user who has just signed in. Waits until the new session is live, so the
 * server sees who is calling; resolves true when the call succeeded, never throws.
 * The server applies a referral once per user, so repeating it is harmless.
 */
export function useApplyReferral(): (args: ReferralArgs) => Promise<boolean> {
  const { isAuthenticated } = useConvexAuth();
  const applyOnSignup = useMutation(api.referrals.applyOnSignup);
  const authenticated = useRef(isAuthenticated);
  const waiters = useRef(new Set<() => void>());

  useEffect(() => {
    authenticated.current = isAuthenticated;
    if (isAuthenticated) for (const wake of [...waiters.current]) wake();
  }, [isAuthenticated]);

  const sessionLive = useCallback(
    () =>
      new Promise<boolean>((resolve) => {
        if (authenticated.current) return resolve(true);
        const wake = () => {
          clearTimeout(timer);
          waiters.current.delete(wake);
          resolve(true);
        };
        const timer = setTimeout(() => {
          waiters.current.delete(wake);
          resolve(false);
        }, PROFILE_FETCH_TIMEOUT_MS);
        waiters.current.add(wake);
      }),
    [],
  );

  return useCallback(
    async ({ ref, from }: ReferralArgs) => {
      if (!(await sessionLive())) return false;
      try {
        await applyOnSignup({
          referralCode: ref ?? getCapturedReferral() ?? "",
          source: from ?? DEFAULT_VERIFICATION_SOURCE,
        });
        clearCapturedReferral();
        return true;
      } catch (error) {
        console.warn("Referral could not be applied", error);
        return false;
      }
    },
    [applyOnSignup, sessionLive],
  );
}
