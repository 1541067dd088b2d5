import { lazy, Suspense, useState } from "react";
import { NavLink as RouterNavLink } from "react-router";
import { cn } from "../ui/cn";
import { NewsUnreadBadge } from "../features/news/NewsUnreadBadge";
import { HeaderBalance } from "../features/wallet/HeaderBalance";
import { HeaderBar } from "./HeaderBar";
import { navFit } from "./navFit";
import { signedInNavLinks, type NavLink } from "./navLinks";
import { useProfile } from "./useProfile";
import { useSignOut } from "../lib/useSignOut";
import { WorkspaceSwitcher } from "./WorkspaceSwitcher";
import { useWorkspace } from "../lib/useWorkspace";

// Radix's menu and floating-ui come with these: fetched once the member's header has rendered.
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

/** The signed-in header: the nav, workspace switcher, balance, profile menu and the phone menu. */
export function MemberHeader() {
  const { profile } = useProfile();
  const signOut = useSignOut();
  const [menuOpen, setMenuOpen] = useState(false);
  const { workspaces } = useWorkspace();
  // Staff of a business workspace reach its screens without the business flag of their own.
  const inBusinessWorkspace = workspaces?.some((w) => w.kind === "business") ?? false;
  const links = signedInNavLinks(profile, { inBusinessWorkspace });
  const closeMenu = () => setMenuOpen(false);
  const fit = navFit(links.length);

  return (
    <>
      <HeaderBar
        onLogoClick={closeMenu}
        nav={
          <nav aria-label="Main" className="hidden min-w-0 flex-1 lg:flex lg:items-center lg:gap-0.5">
            <NavList links={links} itemClass={fit.inlineItem} className="flex items-center gap-0.5" />
            <Suspense fallback={null}>
              <NavMoreMenu links={links} fit={fit} />
            </Suspense>
          </nav>
        }
      >
        <WorkspaceSwitcher className="hidden sm:flex" />
        <HeaderBalance />
        <Suspense fallback={<span aria-hidden="true" className="h-9 w-9 shrink-0 rounded-full bg-indigo-100 dark:bg-indigo-900" />}>
          <ProfileMenu profile={profile} onSignOut={() => void signOut()} />
        </Suspense>
        <button
          type="button"
          aria-expanded={menuOpen}
          aria-controls="mobile-menu"
          aria-label={menuOpen ? "Close menu" : "Open menu"}
          onClick={() => setMenuOpen((open) => !open)}
          className={cn(
            "grid h-10 w-10 place-items-center rounded-lg text-slate-700 hover:bg-slate-100 focus-visible:outline-2 focus-visible:outline-indigo-500 dark:text-slate-200 dark:hover:bg-slate-800",
            "lg:hidden",
          )}
        >
          <svg viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth={2} className="h-6 w-6" aria-hidden="true">
            {menuOpen ? <path d="M6 6l12 12M18 6 6 18" /> : <path d="M4 7h16M4 12h16M4 17h16" />}
          </svg>
        </button>
      </HeaderBar>
      {menuOpen && (
        <nav
          id="mobile-menu"
          aria-label="Mobile"
          className={cn(
            "border-t border-slate-200 bg-white px-4 pb-4 pt-2 dark:border-slate-800 dark:bg-slate-950",
            "lg:hidden",
          )}
        >
          <WorkspaceSwitcher className="mb-2 sm:hidden" />
          <NavList links={links} onNavigate={closeMenu} className="grid gap-0.5 sm:grid-cols-2 [&_a]:py-2.5" />
        </nav>
      )}
    </>
  );
}
