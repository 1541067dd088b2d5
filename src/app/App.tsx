import { lazy, Suspense, useEffect, useState } from "react";
import { Route, Routes, UNSAFE_createBrowserHistory as createBrowserHistory } from "react-router";
import { useAuthState } from "../lib/authState";
import { GuardedRouter } from "../lib/GuardedRouter";
import { guardHistory } from "../lib/navigationGuard";
import { afterFirstView } from "../lib/whenIdle";
import { Backend } from "./Backend";
import { Layout } from "./Layout";
import { appRoutes } from "./routes";
import { FocusHeading } from "./FocusHeading";
import { ScrollToTop } from "./ScrollToTop";
import { PageSpinner } from "../ui/Spinner";

// Sonner is fetched after the first view, not competing with its chunks and data;
// toasts raised before it mounts are shown when it subscribes (sonner replays the active ones).
const Toaster = lazy(() => import("./Toaster").then((m) => ({ default: m.Toaster })));

// Or at the first key or tap, whichever is sooner: what a person does (a code typed, a form sent)
// is what raises a toast, and its answer should not wait for the first view's timer.
function LaterToaster() {
  const [wanted, setWanted] = useState(false);
  useEffect(() => {
    const want = () => setWanted(true);
    afterFirstView(want);
    const events = ["pointerdown", "keydown"] as const;
    for (const event of events) window.addEventListener(event, want, { once: true, capture: true });
    return () => {
      for (const event of events) window.removeEventListener(event, want, { capture: true });
    };
  }, []);
  return wanted ? (
    <Suspense fallback={null}>
      <Toaster />
    </Suspense>
  ) : null;
}

function Pages() {
  const { isLoading } = useAuthState();
  if (isLoading) return <PageSpinner label="Loading..." />;
  return (
    <Routes>
      <Route element={<Layout />}>{appRoutes()}</Route>
    </Routes>
  );
}

export default function App() {
  // A history that can hold a navigation, so a form with unsaved changes can ask before a
  // navigation leaves it (UnsavedChangesGuard); one per mount, from the address it starts at.
  const [history] = useState(() => guardHistory(createBrowserHistory({ v5Compat: true })));
  return (
    <GuardedRouter history={history}>
      <ScrollToTop />
      <FocusHeading />
      <LaterToaster />
      <Backend>
        <Pages />
      </Backend>
    </GuardedRouter>
  );
}
