import { Suspense } from "react";
import { Outlet } from "react-router";
import { BugReportWidget } from "../features/bugReports/BugReportWidget";
import { PageSpinner } from "../ui";
import { Footer } from "./Footer";
import { Header } from "./Header";

export function Layout() {
  return (
    <>
      <Header />
      <main id="main" className="flex w-full flex-1 flex-col">
        <Suspense fallback={<PageSpinner label="Loading page..." />}>
          <Outlet />
        </Suspense>
      </main>
      <Footer />
      {/* Bug-report widget slot: the floating 'Report a Bug' button (renders for signed-in users only). */}
      <BugReportWidget />
    </>
  );
}
