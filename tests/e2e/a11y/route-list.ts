// Every concrete path of src/app/routes.tsx, read from the route elements themselves so a
// new route is visited without editing the tests. Each path carries the guard around it.
import { Children, isValidElement, type ReactElement, type ReactNode } from "react";
import { Navigate } from "react-router";
import { ProtectedRoute, type ProtectedRouteProps } from "../../../src/app/ProtectedRoute";
import { appRoutes } from "../../../src/app/routes";

export type Guard = Pick<ProtectedRouteProps, "requireAdmin" | "allowAdminInfluencer" | "requireModeration" | "requireBusiness"> & {
  signedIn: boolean;
};
export interface AppRoute {
  path: string;
  guard: Guard;
}
export type RoleName = "visitor" | "member" | "business" | "moderator" | "admin-influencer" | "admin";

interface RouteProps {
  path?: string;
  element?: ReactNode;
  children?: ReactNode;
}

function walk(node: ReactNode, guard: Guard, out: AppRoute[]): void {
  Children.forEach(node, (child) => {
    if (!isValidElement(child)) return;
    const props = (child as ReactElement<RouteProps>).props;
    const element = props.element;
    let inner = guard;
    if (isValidElement(element) && element.type === ProtectedRoute) {
      const p = element.props as ProtectedRouteProps;
      inner = {
        signedIn: p.requireAuth !== false,
        requireAdmin: p.requireAdmin,
        allowAdminInfluencer: p.allowAdminInfluencer,
        requireModeration: p.requireModeration,
        requireBusiness: p.requireBusiness,
      };
    }
    const redirect = isValidElement(element) && element.type === Navigate;
    if (props.path && props.path !== "*" && !redirect) out.push({ path: props.path, guard: inner });
    walk(props.children, inner, out);
  });
}

export function appRouteList(): AppRoute[] {
  const out: AppRoute[] = [];
  walk(appRoutes(), { signedIn: false }, out);
  return out;
}

/** Whether `role` may see the route (the same rules as ProtectedRoute's denialTarget). */
export function canVisit(role: RoleName, { guard }: AppRoute): boolean {
  if (!guard.signedIn) return true;
  if (role === "visitor") return false;
  // The demo admin-influencer is an admin too (convex/seed.ts: role "admin", isAdminInfluencer).
  if (role === "admin" || role === "admin-influencer") return true;
  if (guard.requireAdmin) return false;
  if (guard.requireModeration) return role === "moderator";
  if (guard.requireBusiness) return role === "business";
  return true;
}
