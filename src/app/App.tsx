import { BrowserRouter, Route, Routes } from "react-router";
import { useConvexAuth } from "convex/react";
import { Layout } from "./Layout";
import { appRoutes } from "./routes";
import { ScrollToTop } from "./ScrollToTop";
import { Toaster } from "./Toaster";
import { useActivityPing } from "./useActivityPing";
import { PageSpinner } from "../ui/Spinner";

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
