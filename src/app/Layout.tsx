import { lazy, Suspense } from "react";
import { Outlet, useLocation } from "react-router";
import { useAuthState } from "../lib/authState";
import { PageSpinner } from "../ui/Spinner";
import { Footer } from "./Footer";
import { Header } from "./Header";
import { PageErrorBoundary } from "./PageLoadFailed";
import { MAIN_ID, SkipLink } from "./SkipLink";

// Signed-in only (bug-report button, visit alerts, the session guard) and they bring sonner's
// toasts: a chunk of its own, so a visitor's first page does not download it.
const MemberExtras = lazy(() => import("./MemberExtras").then((m) => ({ default: m.MemberExtras })));
// Only an account can be scheduled for deletion; its banner (and the UI kit it uses) waits for one.
const DeletionBanner = lazy(() => import("./DeletionBanner").then((m) => ({ default: m.DeletionBanner })));

/** The common layout; `loading`: the page is not known yet (the Convex layer is still on its way). */
export function Layout({ loading = false }: { loading?: boolean }) {
  const { pathname } = useLocation();
  const { backend, isAuthenticated } = useAuthState();
  // A page that still fails after lazyPage's full page load gets a message, not a blank app.
  const page = loading ? (
    <PageSpinner label="Loading page..." />
  ) : (
    <PageErrorBoundary resetKey={pathname}>
      <Suspense fallback={<PageSpinner label="Loading page..." />}>
        <Outlet />
      </Suspense>
    </PageErrorBoundary>
  );
  return (
    <>
      <SkipLink />
      <Header />
      {/* Says when the backend is unreachable, and when it is back (a visitor's landing page
          has no connection to speak of before the Convex client loads). */}
      {backend && <backend.ConnectionBanner />}
      {/* While the account is scheduled for deletion: when, and a way to cancel. */}
      {isAuthenticated && (
        <Suspense fallback={null}>
          <DeletionBanner />
        </Suspense>
      )}
      {/* At least a viewport tall (less the 4rem header), so the footer starts below the fold and
          does not jump down when the lazy page and its data arrive (it was the whole CLS). */}
      {/* tabIndex -1: the skip link moves focus here; outline-none as only script focuses it. */}
      <main id={MAIN_ID} tabIndex={-1} className="flex outline-none min-h-[calc(100dvh-4rem)] w-full flex-1 flex-col">
        {/* Once this device's session has ended, its guarded queries fail: the page gives way (a
            visitor's landing page, rendered before the Convex client loads, has no session). */}
        {backend ? <backend.SessionGate>{page}</backend.SessionGate> : page}
      </main>
      <Footer />
      {isAuthenticated && (
        <Suspense fallback={null}>
          <MemberExtras />
        </Suspense>
      )}
    </>
  );
}
