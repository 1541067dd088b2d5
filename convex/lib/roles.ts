// Pure role predicates over the Profile shape; the server and src/ both use them.
import type { Role } from "./validators";

export type RoleSubject = {
  role?: Role | null;
  isBusinessUser?: boolean | null;
  isAdminInfluencer?: boolean | null;
};

export function effectiveRole(p: RoleSubject | null | undefined): Role {
  return p?.role ?? "influencer";
}

export function isAdmin(p: RoleSubject | null | undefined): boolean {
  return effectiveRole(p) === "admin";
}

export function hasModeration(p: RoleSubject | null | undefined): boolean {
  const role = effectiveRole(p);
  return role === "moderator" || role === "admin";
}

/** Admin Dashboard, Bug Reports and News Management: admins and admin-influencers. */
export function hasAdminView(p: RoleSubject | null | undefined): boolean {
  return isAdmin(p) || p?.isAdminInfluencer === true;
}

export function isBusiness(p: RoleSubject | null | undefined): boolean {
  return p?.isBusinessUser === true;
}

/** Business features (the business screens, business workspaces): the flag, or an admin. */
export function hasBusinessFeatures(p: RoleSubject | null | undefined): boolean {
  return isBusiness(p) || isAdmin(p);
}
