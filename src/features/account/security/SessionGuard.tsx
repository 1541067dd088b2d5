import { useEffect, useRef } from "react";
import { useConvexAuth, useMutation, useQuery } from "convex/react";
import { toast } from "sonner";
import { api } from "../../../../convex/_generated/api";
import { useSignOut } from "../../../lib/useSignOut";
import { deviceTimeZone } from "../../../lib/format";

// A signed-out-elsewhere session waits this long before acting: during this device's
// own sign-out the session row disappears a moment before the client drops its token.
const GRACE_MS = 1500;
const SIGNED_OUT_ELSEWHERE = "You were signed out of this device.";

/**
 * Mounted once in the layout. Reports this device's browser for the sessions list,
 * and signs the device out live when its session is ended from another device
 * ("sign out other devices" / "of all devices"). The server already refuses the
 * token by then; this clears it from the device.
 */
export function SessionGuard() {
  const { isAuthenticated } = useConvexAuth();
  const active = useQuery(api.sessions.current, isAuthenticated ? {} : "skip");
  const touch = useMutation(api.sessions.touch);
  const signOut = useSignOut();
  const touched = useRef(false);

  useEffect(() => {
    if (active !== true || touched.current) return;
    touched.current = true;
    touch({ userAgent: navigator.userAgent, timeZone: deviceTimeZone() }).catch(() => {
      // Only cosmetic (the device label in the list).
    });
  }, [active, touch]);

  useEffect(() => {
    if (!isAuthenticated) touched.current = false;
    if (!isAuthenticated || active !== false) return;
    const timer = setTimeout(() => {
      toast.info(SIGNED_OUT_ELSEWHERE);
      void signOut();
    }, GRACE_MS);
    return () => clearTimeout(timer);
  }, [isAuthenticated, active, signOut]);

  return null;
}
