import { lazy, Suspense, useState } from "react";
import { NavLink as RouterNavLink } from "react-router";
import { cn } from "../ui/cn";
import { NewsUnreadBadge } from "../features/news/NewsUnreadBadge";
import { HeaderBalance } from "../features/wallet/HeaderBalance";
import { HeaderBar } from "./HeaderBar";
import { MenuButton } from "./MenuButton";
import { navLinkClass } from "./menuStyles";
import { navFit } from "./navFit";
import { signedInNavLinks, type NavLink } from "./navLinks";
import { useProfile } from "./useProfile";
import { useSignOut } from "../lib/useSignOut";
import { WorkspaceSwitcher } from "./WorkspaceSwitcher";
import { useWorkspace } from "../lib/useWorkspace";

// Radix's menu and floating-ui come with these: fetched once the member's header has rendered.
const ProfileMenu = lazy(() => import("./ProfileMenu").then((m) => ({ default: m.ProfileMenu })));
const NavMoreMenu = lazy(() => import("./NavMoreMenu").then((m) => ({ default: m.NavMoreMenu })));

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
          <RouterNavLink to={link.to} onClick={onNavigate} className={navLinkClass}>
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
        <MenuButton open={menuOpen} onToggle={() => setMenuOpen((open) => !open)} hideFrom="lg" />
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
