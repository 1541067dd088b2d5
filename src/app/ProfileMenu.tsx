import * as DropdownMenu from "@radix-ui/react-dropdown-menu";
import { Link } from "react-router";
import type { Profile } from "../lib/profile";
import { cn } from "../ui/cn";
import { menuContentClass, menuItemClass } from "./menuStyles";
import { profileMenuRoleLink } from "./navLinks";

const signOutClass =
  "flex w-full cursor-pointer items-center rounded-md px-3 py-2 text-sm outline-none " +
  "text-red-600 data-[highlighted]:bg-red-50 data-[highlighted]:text-red-700 " +
  "dark:text-red-400 dark:data-[highlighted]:bg-red-950 dark:data-[highlighted]:text-red-300";

function initials(profile: Profile | null): string {
  const source = profile?.fullName?.trim() || profile?.email || profile?.phone || "";
  const letters = source
    .split(/[\s@.]+/)
    .filter(Boolean)
    .slice(0, 2)
    .map((part) => part[0]?.toUpperCase())
    .join("");
  return letters || "?";
}

export function ProfileMenu({ profile, onSignOut }: { profile: Profile | null; onSignOut: () => void }) {
  const roleLink = profileMenuRoleLink(profile);
  const name = profile?.fullName?.trim() || profile?.email || profile?.phone || "Your account";
  return (
    <DropdownMenu.Root modal={false}>
      {/* Named by hidden text, not aria-label: the initials shown must not contradict the name (WCAG 2.5.3). */}
      <DropdownMenu.Trigger
        className="grid h-9 w-9 shrink-0 place-items-center overflow-hidden rounded-full bg-indigo-100 text-sm font-semibold text-indigo-700 ring-offset-2 hover:ring-2 hover:ring-indigo-300 focus-visible:outline-2 focus-visible:outline-indigo-500 dark:bg-indigo-900 dark:text-indigo-100 dark:ring-offset-slate-950"
      >
        {profile?.avatarUrl ? (
          <img src={profile.avatarUrl} alt="" className="h-full w-full object-cover" />
        ) : (
          <span aria-hidden="true">{initials(profile)}</span>
        )}
        <span className="sr-only">Account menu</span>
      </DropdownMenu.Trigger>
      <DropdownMenu.Portal>
        <DropdownMenu.Content
          align="end"
          sideOffset={8}
          className={cn(menuContentClass, "min-w-56")}
        >
          <DropdownMenu.Label className="truncate px-3 py-2 text-xs text-slate-500 dark:text-slate-400">
            {name}
          </DropdownMenu.Label>
          <DropdownMenu.Separator className="my-1 h-px bg-slate-200 dark:bg-slate-800" />
          <DropdownMenu.Item asChild className={menuItemClass}>
            <Link to="/profile">Profile</Link>
          </DropdownMenu.Item>
          <DropdownMenu.Item asChild className={menuItemClass}>
            <Link to="/settings">Settings</Link>
          </DropdownMenu.Item>
          {roleLink && (
            <DropdownMenu.Item asChild className={menuItemClass}>
              <Link to={roleLink.to}>{roleLink.label}</Link>
            </DropdownMenu.Item>
          )}
          <DropdownMenu.Separator className="my-1 h-px bg-slate-200 dark:bg-slate-800" />
          <DropdownMenu.Item
            className={signOutClass}
            onSelect={onSignOut}
          >
            Sign Out
          </DropdownMenu.Item>
        </DropdownMenu.Content>
      </DropdownMenu.Portal>
    </DropdownMenu.Root>
  );
}
