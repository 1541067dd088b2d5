import { lazy, Suspense, useState } from "react";
import { Link, NavLink } from "react-router";
import { useAuthState } from "../lib/authState";
// The shell (what every first visit downloads) imports ui/ files directly rather than the barrel,
// so Modal and Radix Dialog stay in the pages that use them (bench/bundle-size.mjs).
import { buttonClasses } from "../ui/Button";
import { HeaderBar } from "./HeaderBar";
import { MenuButton } from "./MenuButton";
import { navLinkClass } from "./menuStyles";
import { VISITOR_NAV_LINKS } from "./navLinks";

// The signed-in header (nav, workspace switcher, balance, profile menu, their queries) is a chunk
// of its own: a visitor's first page does not download it (landing JS budget, bench/bundle-size.mjs).
const MemberHeader = lazy(() => import("./MemberHeader").then((m) => ({ default: m.MemberHeader })));

function VisitorLinks({ className, onNavigate }: { className: string; onNavigate?: () => void }) {
  return (
    <ul className={className}>
      {VISITOR_NAV_LINKS.map((link) => (
        <li key={link.to}>
          <NavLink to={link.to} onClick={onNavigate} className={navLinkClass}>
            {link.label}
          </NavLink>
        </li>
      ))}
    </ul>
  );
}

export function Header() {
  const { isAuthenticated, isLoading } = useAuthState();
  const signedIn = isAuthenticated && !isLoading;
  const [menuOpen, setMenuOpen] = useState(false);
  const closeMenu = () => setMenuOpen(false);

  return (
    <header className="sticky top-0 z-40 border-b border-slate-200 bg-white/90 backdrop-blur dark:border-slate-800 dark:bg-slate-950/90">
      {signedIn ? (
        <Suspense fallback={<HeaderBar />}>
          <MemberHeader />
        </Suspense>
      ) : (
        <>
          <HeaderBar
            onLogoClick={closeMenu}
            nav={
              !isLoading && (
                <nav aria-label="Main" className="hidden min-w-0 flex-1 md:flex md:items-center">
                  <VisitorLinks className="flex items-center gap-0.5" />
                </nav>
              )
            }
          >
            {!isLoading && (
              <>
                <Link to="/tag" className={buttonClasses("outline", "sm", "px-2 sm:px-3")}>
                  Tag Asset
                </Link>
                <Link to="/auth" className={buttonClasses("primary", "sm", "px-2 sm:px-3")}>
                  Sign In
                </Link>
                <MenuButton open={menuOpen} onToggle={() => setMenuOpen((open) => !open)} hideFrom="md" />
              </>
            )}
          </HeaderBar>
          {!isLoading && menuOpen && (
            <nav id="mobile-menu" aria-label="Mobile" className="border-t border-slate-200 bg-white px-4 pb-4 pt-2 md:hidden dark:border-slate-800 dark:bg-slate-950">
              <VisitorLinks onNavigate={closeMenu} className="grid gap-0.5 sm:grid-cols-2 [&_a]:py-2.5" />
            </nav>
          )}
        </>
      )}
    </header>
  );
}
