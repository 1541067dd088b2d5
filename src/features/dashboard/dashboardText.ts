export const DASHBOARD_TEXT = {
  title: "Dashboard",
  loading: "Loading dashboard...",
  balance: "Balance",
  assets: "Tagged assets",
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

export const placeText = (p: { lat: number; lng: number } | null | undefined) =>
  p ? `near ${p.lat.toFixed(1)}, ${p.lng.toFixed(1)}` : null;
