import { lazy, Suspense, useState } from "react";
import { Link, NavLink as RouterNavLink } from "react-router";
import { useConvexAuth } from "convex/react";
// The shell (what every first visit downloads) imports ui/ files directly rather than the barrel,
// so Modal and Radix Dialog stay in the pages that use them (bench/bundle-size.mjs).
import { buttonClasses } from "../ui/Button";
import { cn } from "../ui/cn";
import { Logo } from "../ui/Logo";
import { NewsUnreadBadge } from "../features/news/NewsUnreadBadge";
import { HeaderBalance } from "../features/wallet/HeaderBalance";
import { navFit } from "./navFit";
import { signedInNavLinks, VISITOR_NAV_LINKS, type NavLink } from "./navLinks";
import { useProfile } from "./useProfile";
import { useSignOut } from "../lib/useSignOut";
import { WorkspaceSwitcher } from "./WorkspaceSwitcher";
import { useWorkspace } from "../lib/useWorkspace";

// Signed-in only, and they bring Radix's menu and floating-ui: loaded when a member's header
// renders, so a visitor's first page does not download them (landing JS budget).
const ProfileMenu = lazy(() => import("./ProfileMenu").then((m) => ({ default: m.ProfileMenu })));
const NavMoreMenu = lazy(() => import("./NavMoreMenu").then((m) => ({ default: m.NavMoreMenu })));

const linkClass = ({ isActive }: { isActive: boolean }) =>
  cn(
    "block whitespace-nowrap rounded-md px-2.5 py-2 text-sm font-medium transition-colors",
    isActive
      ? "bg-indigo-50 text-indigo-700 dark:bg-indigo-950 dark:text-indigo-200"
      : "text-slate-600 hover:bg-slate-100 hover:text-slate-900 dark:text-slate-300 dark:hover:bg-slate-800 dark:hover:text-white",
  );

function NavList({
  links,
  onNavigate,
  className,
  itemClass,
}: {
  links: NavLink[];
  onNavigate?: () => void;
  className: string;
  itemClass?: (index: number) => string;
}) {
  return (
    <ul className={className}>
      {links.map((link, i) => (
        <li key={link.to} className={itemClass?.(i) || undefined}>
          <RouterNavLink to={link.to} onClick={onNavigate} className={linkClass}>
            {link.label}
            {link.to === "/news" && <NewsUnreadBadge />}
          </RouterNavLink>
        </li>
      ))}
    </ul>
  );
}

export function Header() {
  const { isAuthenticated, isLoading } = useConvexAuth();
  const { profile } = useProfile();
  const signOut = useSignOut();
  const [menuOpen, setMenuOpen] = useState(false);
  const signedIn = isAuthenticated && !isLoading;
  const { workspaces } = useWorkspace();
  // Staff of a business workspace reach its screens without the business flag of their own.
  const inBusinessWorkspace = workspaces?.some((w) => w.kind === "business") ?? false;
  const links = signedIn ? signedInNavLinks(profile, { inBusinessWorkspace }) : VISITOR_NAV_LINKS;
  const closeMenu = () => setMenuOpen(false);
  const fit = navFit(links.length);
  const showNav = signedIn || !isLoading;
  // A visitor's three links fit inline from md; a member's many need lg and the "More" menu.
  const wide = signedIn ? "lg" : "md";

  const menuButton = (
    <button
      type="button"
      aria-expanded={menuOpen}
      aria-controls="mobile-menu"
      aria-label={menuOpen ? "Close menu" : "Open menu"}
      onClick={() => setMenuOpen((open) => !open)}
      className={cn(
        "grid h-10 w-9 shrink-0 place-items-center rounded-lg sm:w-10 text-slate-700 hover:bg-slate-100 focus-visible:outline-2 focus-visible:outline-indigo-500 dark:text-slate-200 dark:hover:bg-slate-800",
        wide === "lg" ? "lg:hidden" : "md:hidden",
      )}
    >
      <svg viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth={2} className="h-6 w-6" aria-hidden="true">
        {menuOpen ? <path d="M6 6l12 12M18 6 6 18" /> : <path d="M4 7h16M4 12h16M4 17h16" />}
      </svg>
    </button>
  );

  return (
    <header className="sticky top-0 z-40 border-b border-slate-200 bg-white/90 backdrop-blur dark:border-slate-800 dark:bg-slate-950/90">
      <div className="mx-auto flex h-16 max-w-[96rem] items-center gap-1.5 px-3 sm:gap-3 sm:px-6">
        <Logo onClick={closeMenu} />
        {signedIn && (
          <nav aria-label="Main" className="hidden min-w-0 flex-1 lg:flex lg:items-center lg:gap-0.5">
            <NavList links={links} itemClass={fit.inlineItem} className="flex items-center gap-0.5" />
            <Suspense fallback={null}>
              <NavMoreMenu links={links} fit={fit} />
            </Suspense>
          </nav>
        )}
        {!signedIn && showNav && (
          <nav aria-label="Main" className="hidden min-w-0 flex-1 md:flex md:items-center">
            <NavList links={links} className="flex items-center gap-0.5" />
          </nav>
        )}
        <div className="ml-auto flex items-center gap-1.5 sm:gap-2">
          {signedIn ? (
            <>
              <WorkspaceSwitcher className="hidden sm:flex" />
              <HeaderBalance />
              <Suspense fallback={<span aria-hidden="true" className="h-9 w-9 shrink-0 rounded-full bg-indigo-100 dark:bg-indigo-900" />}>
                <ProfileMenu profile={profile} onSignOut={() => void signOut()} />
              </Suspense>
              {menuButton}
            </>
          ) : (
            !isLoading && (
              <>
                {/* Narrower on a phone: with the menu button, both fit 360 px beside the logo. */}
                <Link to="/tag" className={buttonClasses("outline", "sm", "px-2 sm:px-3")}>
                  Tag Asset
                </Link>
                <Link to="/auth" className={buttonClasses("primary", "sm", "px-2 sm:px-3")}>
                  Sign In
                </Link>
                {menuButton}
              </>
            )
          )}
        </div>
      </div>
      {showNav && menuOpen && (
        <nav
          id="mobile-menu"
          aria-label="Mobile"
          className={cn(
            "border-t border-slate-200 bg-white px-4 pb-4 pt-2 dark:border-slate-800 dark:bg-slate-950",
            wide === "lg" ? "lg:hidden" : "md:hidden",
          )}
        >
          {signedIn && <WorkspaceSwitcher className="mb-2 sm:hidden" />}
          <NavList links={links} onNavigate={closeMenu} className="grid gap-0.5 sm:grid-cols-2 [&_a]:py-2.5" />
        </nav>
      )}
    </header>
  );
}
