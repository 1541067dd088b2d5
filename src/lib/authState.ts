import { createContext, useContext, type ComponentType, type ReactNode } from "react";

/** The shell's parts that need the Convex client, handed over by src/app/ConvexLayer once it is loaded. */
export interface BackendParts {
  ConnectionBanner: ComponentType;
  SessionGate: ComponentType<{ children: ReactNode }>;
}

interface AuthState {
  /** Null until the Convex client and Convex Auth are loaded (src/app/ConvexLayer); Convex hooks work below them. */
  backend: BackendParts | null;
  isLoading: boolean;
  isAuthenticated: boolean;
}

/**
 * The sign-in state for the shell (header, layout, landing page), which renders before the Convex
 * client is loaded: until then it is a visitor's (see hasStoredSession), then Convex Auth's.
 */
export const AuthStateContext = createContext<AuthState>({ backend: null, isLoading: false, isAuthenticated: false });

export const useAuthState = () => useContext(AuthStateContext);

// Convex Auth keeps its tokens in localStorage under these prefixes (namespaced by deployment).
export const AUTH_TOKEN_KEY_PREFIX = "__convexAuthJWT";
const REFRESH_TOKEN_KEY_PREFIX = "__convexAuthRefreshToken";

/**
 * Whether this browser holds a Convex Auth session (of any deployment: a false yes only costs the
 * visitor's fast path). Without one the visitor is signed out for sure, so the landing page can
 * render before the Convex client loads.
 */
export function hasStoredSession(): boolean {
  try {
    return Object.keys(localStorage).some((key) => key.startsWith(AUTH_TOKEN_KEY_PREFIX) || key.startsWith(REFRESH_TOKEN_KEY_PREFIX));
  } catch {
    // Storage can be unavailable (privacy mode); Convex Auth then keeps tokens in memory only.
    return false;
  }
}
