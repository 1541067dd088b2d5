import { useConvexAuth } from "convex/react";
import { useEffect, useRef } from "react";
import { toast } from "sonner";
import { api } from "../../../convex/_generated/api";
import type { OwnerAlerts } from "../../../convex/lib/verify/tables";
import { useWorkspaceQuery } from "../../lib/useWorkspace";

const placeText = (p: { lat: number; lng: number } | null) => (p ? ` near ${p.lat.toFixed(1)}, ${p.lng.toFixed(1)}` : "");

/** What to toast for what arrived since the previous result. */
export function newArrivals(previous: OwnerAlerts | null, next: OwnerAlerts) {
  if (previous === null) return [];
  const seen = new Set<string>([...previous.alerts.map((a) => a._id), ...previous.found.map((f) => f._id)]);
  const toasts: { id: string; title: string; description: string }[] = [];
  for (const alert of next.alerts) {
    if (seen.has(alert._id)) continue;
    const who = alert.viewer === "member" ? "A signed-in member" : "A visitor";
    toasts.push({
      id: alert._id,
      title: `Someone is looking at ${alert.asset.name}`,
      description: `${who} opened the verify page of ${alert.asset.serial}${placeText(alert.place)}.`,
    });
  }
  for (const report of next.found) {
    if (seen.has(report._id)) continue;
    toasts.push({ id: report._id, title: `Someone found your ${report.asset.name}`, description: report.message.slice(0, 140) });
  }
  return toasts;
}

/**
 * Mounted once in the layout: while the owner has the app open, a new verify-page visit
 * or found report pops up as a toast. What existed before the app opened stays quiet.
 */
export function VisitAlertListener() {
  const { isAuthenticated } = useConvexAuth();
  const data = useWorkspaceQuery(api.dashboard.alerts, isAuthenticated ? {} : "skip");
  const previous = useRef<OwnerAlerts | null>(null);
  useEffect(() => {
    if (!data) {
      previous.current = null;
      return;
    }
    for (const t of newArrivals(previous.current, data)) toast.warning(t.title, { id: t.id, description: t.description });
    previous.current = data;
  }, [data]);
  return null;
}
