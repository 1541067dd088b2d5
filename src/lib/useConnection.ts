import { useConvexConnectionState } from "convex/react";
import { useEffect, useState, useSyncExternalStore } from "react";

// A socket that drops and comes straight back (a token refresh, a server restart) is not worth
// telling anyone about; one that stays down this long is.
export const RECONNECT_GRACE_MS = 2000;

function subscribeOnline(onChange: () => void) {
  window.addEventListener("online", onChange);
  window.addEventListener("offline", onChange);
  return () => {
    window.removeEventListener("online", onChange);
    window.removeEventListener("offline", onChange);
  };
}

interface Connection {
  /** The backend cannot be reached: the browser is offline or the Convex socket has been down a while. */
  lost: boolean;
  /** Mutations and actions sent but not yet answered; they finish once the connection returns. */
  pending: number;
}

/**
 * The backend connection as people should hear about it, from the Convex client's connection
 * state and the browser's online flag (the socket alone notices a lost network only after its
 * inactivity timeout).
 */
export function useConnection(): Connection {
  const state = useConvexConnectionState();
  const online = useSyncExternalStore(subscribeOnline, () => navigator.onLine, () => true);
  const socketDown = state.hasEverConnected ? !state.isWebSocketConnected : state.connectionRetries > 0;
  const [graceOver, setGraceOver] = useState(false);
  // Each time the socket comes back, the next outage gets its grace period afresh.
  const [wasDown, setWasDown] = useState(socketDown);
  if (wasDown !== socketDown) {
    setWasDown(socketDown);
    if (!socketDown) setGraceOver(false);
  }

  useEffect(() => {
    if (!socketDown) return;
    const timer = setTimeout(() => setGraceOver(true), RECONNECT_GRACE_MS);
    return () => clearTimeout(timer);
  }, [socketDown]);

  return { lost: !online || (socketDown && graceOver), pending: state.inflightMutations + state.inflightActions };
}
