import { useMutation } from "convex/react";
import { useEffect, useRef, useState } from "react";
import { api } from "../../../convex/_generated/api";
import { Button } from "../../ui";
import { visitorId } from "./visitorId";

type ShareState = "idle" | "asking" | "shared" | "unavailable";

const VISIT_TEXT = {
  notice: "The owner is told that this page was viewed, and when. Never who you are.",
  share: "Share my approximate area",
  shareHint: "Helps the owner of a lost item: only a rough area (about 10 km) is sent.",
  asking: "Asking your browser...",
  shared: "Thank you: your approximate area was shared with the owner.",
  unavailable: "Your location is not available, so nothing was shared.",
} as const;

const round1 = (n: number) => Math.round(n * 10) / 10;

/** Raises the owner's visit alert once per page view; the alert's id, once the server raised one. */
export function useRecordVisit(serial: string): string | null {
  const recordVisit = useMutation(api.verify.recordVisit);
  const [alertId, setAlertId] = useState<string | null>(null);
  const recorded = useRef<string | null>(null);
  useEffect(() => {
    if (recorded.current === serial) return;
    recorded.current = serial;
    recordVisit({ serial, visitorId: visitorId() })
      .then((id) => setAlertId(id))
      .catch(() => setAlertId(null));
  }, [serial, recordVisit]);
  return alertId;
}

/** Offers to add a coarse place to the visit alert: only on the visitor's click, only if the browser grants it. */
export function VisitNotice({ alertId }: { alertId: string | null }) {
  const sharePlace = useMutation(api.verify.shareVisitPlace);
  const [share, setShare] = useState<ShareState>("idle");
  if (alertId === null) return null;

  const ask = () => {
    if (!("geolocation" in navigator)) return setShare("unavailable");
    setShare("asking");
    navigator.geolocation.getCurrentPosition(
      (position) => {
        const place = { lat: round1(position.coords.latitude), lng: round1(position.coords.longitude) };
        sharePlace({ alertId, place })
          .then((ok) => setShare(ok ? "shared" : "unavailable"))
          .catch(() => setShare("unavailable"));
      },
      () => setShare("unavailable"),
      { enableHighAccuracy: false, maximumAge: 600_000, timeout: 15_000 },
    );
  };

  return (
    <aside aria-label="Visit notice" className="rounded-2xl bg-slate-100 p-4 text-sm text-slate-700 dark:bg-slate-800/70 dark:text-slate-200">
      <p>{VISIT_TEXT.notice}</p>
      {share === "idle" || share === "asking" ? (
        <div className="mt-3 flex flex-wrap items-center gap-3">
          <Button variant="outline" size="sm" onClick={ask} loading={share === "asking"} loadingText={VISIT_TEXT.asking}>
            {VISIT_TEXT.share}
          </Button>
          <span className="text-xs text-slate-600 dark:text-slate-400">{VISIT_TEXT.shareHint}</span>
        </div>
      ) : (
        <p role="status" className="mt-2 font-medium">
          {share === "shared" ? VISIT_TEXT.shared : VISIT_TEXT.unavailable}
        </p>
      )}
    </aside>
  );
}
