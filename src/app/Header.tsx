import { lazy, Suspense } from "react";
import { Link } from "react-router";
import { useConvexAuth } from "convex/react";
// The shell (what every first visit downloads) imports ui/ files directly rather than the barrel,
// so Modal and Radix Dialog stay in the pages that use them (bench/bundle-size.mjs).
import { buttonClasses } from "../ui/Button";
import { HeaderBar } from "./HeaderBar";

// The signed-in header (nav, workspace switcher, balance, profile menu, their queries) is a chunk
// of its own: a visitor's first page does not download it (landing JS budget, bench/bundle-size.mjs).
const MemberHeader = lazy(() => import("./MemberHeader").then((m) => ({ default: m.MemberHeader })));

export function Header() {
  const { isAuthenticated, isLoading } = useConvexAuth();
  const signedIn = isAuthenticated && !isLoading;

  return (
    <header className="sticky top-0 z-40 border-b border-slate-200 bg-white/90 backdrop-blur dark:border-slate-800 dark:bg-slate-950/90">
      {signedIn ? (
        <Suspense fallback={<HeaderBar />}>
          <MemberHeader />
        </Suspense>
      ) : (
        <HeaderBar>
          {!isLoading && (
            <>
              <Link to="/tag" className={buttonClasses("outline", "sm")}>
                Tag Asset
              </Link>
              <Link to="/auth" className={buttonClasses("primary", "sm")}>
                Sign In
              </Link>
            </>
          )}
        </HeaderBar>
      )}
    </header>
  );
}
