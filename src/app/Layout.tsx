import { Suspense } from "react";
import { Outlet } from "react-router";
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
      {/* Bug-report widget slot: the bug-report issue mounts its floating 'Report a Bug' button here (signed-in users only). */}
    </>
  );
}
