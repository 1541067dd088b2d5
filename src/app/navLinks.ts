import { hasAdminView, hasModeration, isAdmin, isBusiness } from "../../convex/lib/roles";
import type { Profile } from "../lib/profile";

export interface NavLink {
  to: string;
  label: string;
}

/**
 * The signed-in header's links, in their fixed order (the order below is the
 * product's; tests check it).
 * The client only hides what the server refuses; it never grants anything.
 */
export function signedInNavLinks(profile: Profile | null, { inBusinessWorkspace = false } = {}): NavLink[] {
  const admin = profile !== null && isAdmin(profile);
  const adminInfluencer = profile?.isAdminInfluencer === true;
  const links: (NavLink | false)[] = [
    { to: "/dashboard", label: "Dashboard" },
    { to: "/tag", label: "Tag Asset" },
    { to: "/assets", label: "My Assets" },
    { to: "/news", label: "News" },
    { to: "/wallet", label: "Wallet" },
    { to: "/nok", label: "NOK" },
    profile !== null && { to: "/referrals", label: "Referrals" },
    profile !== null && (isBusiness(profile) || inBusinessWorkspace) && { to: "/business-dashboard", label: "Business" },
    ...(profile !== null && hasAdminView(profile)
      ? [
          { to: "/admin-influencer-dashboard", label: "Admin Dashboard" },
          { to: "/bug-reports", label: "Bug Reports" },
          { to: "/news-management", label: "News Management" },
        ]
      : []),
    admin && !adminInfluencer && { to: "/admin", label: "Admin" },
    profile !== null && !admin && hasModeration(profile) && { to: "/moderator", label: "Moderator" },
    { to: "/public-assets", label: "Public Assets" },
  ];
  return links.filter((link): link is NavLink => link !== false);
}

/** A visitor's header links: where someone without an account can go (desktop bar and menu). */
export const VISITOR_NAV_LINKS: NavLink[] = [
  { to: "/verify", label: "Verify" },
  { to: "/public-assets", label: "Public Assets" },
  { to: "/news", label: "News" },
];

/** The role entry of the profile menu: /admin for admins, /moderator for moderators. */
export function profileMenuRoleLink(profile: Profile | null): NavLink | null {
  if (!profile) return null;
  if (isAdmin(profile)) return profile.isAdminInfluencer ? null : { to: "/admin", label: "Admin" };
  if (hasModeration(profile)) return { to: "/moderator", label: "Moderator" };
  return null;
}
