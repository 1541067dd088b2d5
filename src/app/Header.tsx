import { useState } from "react";
import { Link, NavLink as RouterNavLink } from "react-router";
import { useConvexAuth } from "convex/react";
import { Logo, buttonClasses, cn } from "../ui";
import { NewsUnreadBadge } from "../features/news/NewsUnreadBadge";
import { HeaderBalance } from "../features/wallet/HeaderBalance";
import { signedInNavLinks, type NavLink } from "./navLinks";
import { ProfileMenu } from "./ProfileMenu";
import { useProfile } from "./useProfile";
import { useSignOut } from "../lib/useSignOut";

const linkClass = ({ isActive }: { isActive: boolean }) =>
  cn(
    "block whitespace-nowrap rounded-md px-2.5 py-2 text-sm font-medium transition-colors",
    isActive
      ? "bg-indigo-50 text-indigo-700 dark:bg-indigo-950 dark:text-indigo-200"
      : "text-slate-600 hover:bg-slate-100 hover:text-slate-900 dark:text-slate-300 dark:hover:bg-slate-800 dark:hover:text-white",
  );

function NavList({ links, onNavigate, className }: { links: NavLink[]; onNavigate?: () => void; className: string }) {
  return (
    <ul className={className}>
      {links.map((link) => (
        <li key={link.to}>
          <RouterNavLink to={link.to} onClick={onNavigate} className={linkClass}>
            {link.label}
            {link.to === "/news" && <NewsUnreadBadge />}
          </RouterNavLink>
        </li>
      ))}
    </ul>
  );
}

// The bar shows the links inline only where they fit; below that the menu button opens them.
function inlineBreakpoint(count: number) {
  if (count <= 8) return { nav: "lg:block", button: "lg:hidden" };
  if (count <= 9) return { nav: "xl:block", button: "xl:hidden" };
  return { nav: "2xl:block", button: "2xl:hidden" };
}

export function Header() {
  const { isAuthenticated, isLoading } = useConvexAuth();
  const { profile } = useProfile();
  const signOut = useSignOut();
  const [menuOpen, setMenuOpen] = useState(false);
  const signedIn = isAuthenticated && !isLoading;
  const links = signedIn ? signedInNavLinks(profile) : [];
  const closeMenu = () => setMenuOpen(false);
  const fit = inlineBreakpoint(links.length);

  return (
    <header className="sticky top-0 z-40 border-b border-slate-200 bg-white/90 backdrop-blur dark:border-slate-800 dark:bg-slate-950/90">
      <div className="mx-auto flex h-16 max-w-[96rem] items-center gap-2 px-4 sm:gap-3 sm:px-6">
        <Logo onClick={closeMenu} />
        {signedIn && (
          <nav aria-label="Main" className={cn("hidden min-w-0 flex-1", fit.nav)}>
            <NavList links={links} className="flex items-center gap-0.5" />
          </nav>
        )}
        <div className="ml-auto flex items-center gap-2">
          {signedIn ? (
            <>
              <HeaderBalance />
              <ProfileMenu profile={profile} onSignOut={() => void signOut()} />
              <button
                type="button"
                aria-expanded={menuOpen}
                aria-controls="mobile-menu"
                aria-label={menuOpen ? "Close menu" : "Open menu"}
                onClick={() => setMenuOpen((open) => !open)}
                className={cn(
                  "grid h-10 w-10 place-items-center rounded-lg text-slate-700 hover:bg-slate-100 focus-visible:outline-2 focus-visible:outline-indigo-500 dark:text-slate-200 dark:hover:bg-slate-800",
                  fit.button,
                )}
              >
                <svg viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth={2} className="h-6 w-6" aria-hidden="true">
                  {menuOpen ? <path d="M6 6l12 12M18 6 6 18" /> : <path d="M4 7h16M4 12h16M4 17h16" />}
                </svg>
              </button>
            </>
          ) : (
            !isLoading && (
              <>
                <Link to="/tag" className={buttonClasses("outline", "sm")}>
                  Tag Asset
                </Link>
                <Link to="/auth" className={buttonClasses("primary", "sm")}>
                  Sign In
                </Link>
              </>
            )
          )}
        </div>
      </div>
      {signedIn && menuOpen && (
        <nav
          id="mobile-menu"
          aria-label="Mobile"
          className={cn(
            "border-t border-slate-200 bg-white px-4 pb-4 pt-2 dark:border-slate-800 dark:bg-slate-950",
            fit.button,
          )}
        >
          <NavList links={links} onNavigate={closeMenu} className="grid gap-0.5 sm:grid-cols-2 [&_a]:py-2.5" />
        </nav>
      )}
    </header>
  );
}
