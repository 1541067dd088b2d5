import { PRODUCT_NAME } from "../../../convex/lib/constants";

export const DASHBOARD_TEXT = {
  title: "Dashboard",
  loading: "Loading dashboard...",
  balance: "Balance",
  assets: "Tagged assets",
  worth: "Value",
  worthNone: "No values recorded yet",
  worthScope: "Every item you hold, lost and stolen ones included; not those marked transferred.",
  byKind: "By kind",
  byStatus: "By status",
  alerts: "Verify alerts",
  alertsEmpty: "No one has opened your assets' verify pages yet. You will see each visit here the moment it happens.",
  markSeen: "Mark all seen",
  found: "Found reports",
  foundEmpty: "No found reports. If someone finds one of your items, their message appears here and in your email.",
  activity: "Recent activity",
  activityEmpty: "Nothing yet. Tag your first asset to get started.",
  shortcuts: "Shortcuts",
} as const;

// An account this young is greeted as new ("Welcome"), an older one as returning.
const NEW_ACCOUNT_MS = 24 * 60 * 60 * 1000;

/** The line under the title: "Welcome" for a new account, "Welcome back" after that. */
export function greeting(name: string | undefined, createdAt: number, now: number): string | null {
  if (now - createdAt < NEW_ACCOUNT_MS) return name ? `Welcome, ${name}.` : `Welcome to ${PRODUCT_NAME}.`;
  return name ? `Welcome back, ${name}.` : null;
}

export const placeText = (p: { lat: number; lng: number } | null | undefined) =>
  p ? `near ${p.lat.toFixed(1)}, ${p.lng.toFixed(1)}` : null;
