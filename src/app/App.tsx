import { lazy, Suspense, useState } from "react";
import { Route, Routes, UNSAFE_createBrowserHistory as createBrowserHistory } from "react-router";
import { useAuthState } from "../lib/authState";
import { GuardedRouter } from "../lib/GuardedRouter";
import { guardHistory } from "../lib/navigationGuard";
import { Backend } from "./Backend";
import { Layout } from "./Layout";
import { appRoutes } from "./routes";
import { FocusHeading } from "./FocusHeading";
import { ScrollToTop } from "./ScrollToTop";
import { PageSpinner } from "../ui/Spinner";

// Sonner is fetched alongside the first page rather than before it; toasts raised before it
// mounts are shown when it subscribes (sonner replays the active ones).
const Toaster = lazy(() => import("./Toaster").then((m) => ({ default: m.Toaster })));

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
      <Suspense fallback={null}>
        <Toaster />
      </Suspense>
      <Backend>
        <Pages />
      </Backend>
    </GuardedRouter>
  );
}
