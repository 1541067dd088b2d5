import { Suspense, useEffect, useState, type ReactNode } from "react";
import { useLocation } from "react-router";
import { hasStoredSession } from "../lib/authState";
import { lazyPage } from "../lib/lazyPage";
import { afterFirstView } from "../lib/whenIdle";
import { PageSpinner } from "../ui/Spinner";
import { Layout } from "./Layout";
import { preloadRoutePage } from "./routes";

const loadLayer = () => import("./ConvexLayer").then((m) => ({ default: m.ConvexLayer }));
const ConvexLayer = lazyPage(loadLayer);

/**
 * Whether the app needs the Convex client now. A visitor's first page, when it is the landing
 * page and the browser holds no session, renders without it (its live figures load their own
 * view of the client after the first paint); from the first navigation elsewhere, or once a
 * session appears (signed in in another tab), it is needed, and stays.
 */
function useBackendNeeded(): boolean {
  const { pathname } = useLocation();
  const [needed, setNeeded] = useState(() => {
    const now = pathname !== "/" || hasStoredSession();
    // A first page that waits for the layer fetches its own chunk alongside it, not after it.
    if (now) preloadRoutePage(pathname);
    return now;
  });
  if (!needed && pathname !== "/") setNeeded(true);
  useEffect(() => {
    if (needed) return;
    const onStorage = () => {
      if (hasStoredSession()) setNeeded(true);
    };
    window.addEventListener("storage", onStorage);
    // Fetched while the visitor reads, so the first navigation does not wait for it.
    afterFirstView(() => void loadLayer().catch(() => undefined));
    return () => window.removeEventListener("storage", onStorage);
  }, [needed]);
  return needed;
}

/**
 * The Convex client and Convex Auth around the app (src/app/ConvexLayer), loaded as a chunk of its
 * own so a visitor's landing page paints without them (the landing JS budget,
 * bench/bundle-size.mjs). Navigations render in a transition, so the page on screen stays up
 * while the layer loads.
 */
export function Backend({ children }: { children: ReactNode }) {
  const needed = useBackendNeeded();
  // A visitor (no stored session) sees the visitor's layout at once, as it will be; a member the
  // spinner, as their header is not known yet.
  const fallback = hasStoredSession() ? <PageSpinner label="Loading..." /> : <Layout loading />;
  return <Suspense fallback={fallback}>{needed ? <ConvexLayer>{children}</ConvexLayer> : children}</Suspense>;
}
