import { lazy, Suspense } from "react";
import { Figures } from "./Figures";

// The Convex client comes with the figures, after the landing page's first paint.
const LiveFigures = lazy(() => import("./LiveFigures"));

/** Live: both figures move as assets are tagged and serials are checked. */
export function LiveCounts() {
  return (
    <Suspense fallback={<Figures stats={undefined} />}>
      <LiveFigures />
    </Suspense>
  );
}
