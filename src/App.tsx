import { BrowserRouter, Route, Routes } from "react-router";
import { useConvexAuth } from "convex/react";
import { Layout } from "./app/Layout";
import { appRoutes } from "./app/routes";
import { ScrollToTop } from "./app/ScrollToTop";
import { Toaster } from "./app/Toaster";
import { useActivityPing } from "./app/useActivityPing";
import { PageSpinner } from "./ui/Spinner";

export default function App() {
  const { isLoading } = useConvexAuth();
  useActivityPing();

  return (
    <BrowserRouter>
      <ScrollToTop />
      <Toaster />
      {isLoading ? (
        <PageSpinner label="Loading..." />
      ) : (
        <Routes>
          <Route element={<Layout />}>{appRoutes()}</Route>
        </Routes>
      )}
    </BrowserRouter>
  );
}
