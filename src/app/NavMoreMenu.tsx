import * as DropdownMenu from "@radix-ui/react-dropdown-menu";
import { NavLink as RouterNavLink } from "react-router";
import { cn } from "../ui/cn";
import { NewsUnreadBadge } from "../features/news/NewsUnreadBadge";
import { menuContentClass, menuItemLook } from "./menuStyles";
import type { NavFit } from "./navFit";
import type { NavLink } from "./navLinks";

/** The header's overflow: the links that do not fit inline at this width (see navFit). */
export function NavMoreMenu({ links, fit }: { links: NavLink[]; fit: NavFit }) {
  if (fit.moreButton === null) return null;
  return (
    <DropdownMenu.Root modal={false}>
      <DropdownMenu.Trigger
        className={cn(
          "hidden items-center gap-1 whitespace-nowrap rounded-md px-2.5 py-2 text-sm font-medium text-slate-600 hover:bg-slate-100 hover:text-slate-900 focus-visible:outline-2 focus-visible:outline-indigo-500 data-[state=open]:bg-slate-100 dark:text-slate-300 dark:hover:bg-slate-800 dark:hover:text-white dark:data-[state=open]:bg-slate-800",
          fit.moreButton,
        )}
      >
        More
        <svg viewBox="0 0 20 20" fill="currentColor" className="h-4 w-4" aria-hidden="true">
          <path d="M5.3 7.3a1 1 0 0 1 1.4 0L10 10.6l3.3-3.3a1 1 0 1 1 1.4 1.4l-4 4a1 1 0 0 1-1.4 0l-4-4a1 1 0 0 1 0-1.4Z" />
        </svg>
      </DropdownMenu.Trigger>
      <DropdownMenu.Portal>
        <DropdownMenu.Content
          align="start"
          sideOffset={8}
          className={cn(menuContentClass, "min-w-52")}
        >
          {links.map((link, i) => (
            <DropdownMenu.Item key={link.to} asChild className={cn(menuItemLook, "aria-[current=page]:font-semibold", fit.moreItem(i))}>
              <RouterNavLink to={link.to}>
                {link.label}
                {link.to === "/news" && <NewsUnreadBadge />}
              </RouterNavLink>
            </DropdownMenu.Item>
          ))}
        </DropdownMenu.Content>
      </DropdownMenu.Portal>
    </DropdownMenu.Root>
  );
}
