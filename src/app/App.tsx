import { lazy, Suspense, useState } from "react";
import { createBrowserRouter, Route, RouterProvider, Routes } from "react-router";
import { useConvexAuth } from "convex/react";
import { Layout } from "./Layout";
import { appRoutes } from "./routes";
import { FocusHeading } from "./FocusHeading";
import { ScrollToTop } from "./ScrollToTop";
import { useActivityPing } from "./useActivityPing";
import { PageSpinner } from "../ui/Spinner";

// Sonner is fetched alongside the first page rather than before it; toasts raised before it
// mounts are shown when it subscribes (sonner replays the active ones).
const Toaster = lazy(() => import("./Toaster").then((m) => ({ default: m.Toaster })));

function Root() {
  const { isLoading } = useConvexAuth();
  return (
    <>
      <ScrollToTop />
      <FocusHeading />
      <Suspense fallback={null}>
        <Toaster />
      </Suspense>
      {isLoading ? (
        <PageSpinner label="Loading..." />
      ) : (
        <Routes>
          <Route element={<Layout />}>{appRoutes()}</Route>
        </Routes>
      )}
    </>
  );
}

export default function App() {
  useActivityPing();
  // A data router around the app's routes, so a form with unsaved changes can ask before a
  // navigation leaves it (useBlocker); one per mount, from the address it starts at.
  const [router] = useState(() => createBrowserRouter([{ path: "*", element: <Root /> }]));
  return <RouterProvider router={router} />;
}
