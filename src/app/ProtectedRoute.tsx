import type { ReactNode } from "react";
import { Navigate, Outlet, useLocation } from "react-router";
import { useConvexAuth } from "convex/react";
import { hasModeration, isAdmin, isBusiness } from "../../convex/lib/roles";
import type { Profile } from "../lib/profile";
import { isSigningOut } from "../lib/useSignOut";
import { PageSpinner } from "../ui/Spinner";
import { useProfile } from "./useProfile";
import { useWorkspace } from "../lib/useWorkspace";

export interface ProtectedRouteProps {
  /** Signed-in users only (default true). */
  requireAuth?: boolean;
  requireAdmin?: boolean;
  /** Moderator or admin. */
  requireModeration?: boolean;
  requireBusiness?: boolean;
  requireRole?: Profile["role"];
  /** With requireAdmin: admin-influencers are admitted as admins are. */
  allowAdminInfluencer?: boolean;
  /** Where unauthenticated users go (default /auth). */
  redirectTo?: string;
  /** The guarded page; without it the guard renders the nested routes. */
  children?: ReactNode;
}

const UNAUTHORIZED_PATH = "/unauthorized";
const BUSINESS_UPGRADE_PATH = "/business-upgrade";

/** Where the guard sends `profile`, or null when it may see the page. */
function denialTarget(profile: Profile | null, props: ProtectedRouteProps, inBusinessWorkspace: boolean): string | null {
  // Admins can access everything.
  if (profile && isAdmin(profile)) return null;
  if (props.requireAdmin && !(props.allowAdminInfluencer && profile?.isAdminInfluencer)) return UNAUTHORIZED_PATH;
  if (props.requireModeration && !(profile && hasModeration(profile))) return UNAUTHORIZED_PATH;
  // Staff of a business workspace work in it without the business flag of their own.
  if (props.requireBusiness && !(profile && isBusiness(profile)) && !inBusinessWorkspace) return BUSINESS_UPGRADE_PATH;
  if (props.requireRole && profile?.role !== props.requireRole) return UNAUTHORIZED_PATH;
  return null;
}

export function ProtectedRoute(props: ProtectedRouteProps) {
  const { requireAuth = true, requireAdmin, requireModeration, requireBusiness, requireRole } = props;
  const { redirectTo = "/auth", children } = props;
  const { isLoading, isAuthenticated } = useConvexAuth();
  const { profile, isLoading: profileLoading } = useProfile();
  const location = useLocation();
  const { workspaces } = useWorkspace();
  const inBusinessWorkspace = workspaces?.some((w) => w.kind === "business") ?? false;
  const needsProfile = Boolean(requireAdmin || requireModeration || requireBusiness || requireRole);

  if (isLoading) return <PageSpinner label="Loading..." />;
  if (requireAuth && !isAuthenticated) {
    if (isSigningOut()) return null;
    // `from` lets the sign-in screen come back here afterwards.
    return <Navigate to={redirectTo} replace state={{ from: location }} />;
  }
  if (needsProfile) {
    if (profileLoading || (requireBusiness && workspaces === undefined)) return <PageSpinner label="Loading profile..." />;
    const target = denialTarget(profile, props, inBusinessWorkspace);
    if (target) return <Navigate to={target} replace state={{ from: location }} />;
  }
  return children ?? <Outlet />;
}
