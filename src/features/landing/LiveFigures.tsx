import { ConvexProvider, useQuery } from "convex/react";
import { api } from "../../../convex/_generated/api";
import { convexClient } from "../../lib/convexClient";
import { formatNumber } from "../../lib/format";
import { Figures } from "./Figures";

function Counts() {
  const stats = useQuery(api.landingStats.get, {});
  return <Figures stats={stats && { assets: formatNumber(stats.assets), verifications: formatNumber(stats.verifications) }} />;
}

/**
 * Live: both figures move as assets are tagged and serials are checked. Its own provider of the
 * app's client, since a visitor's landing page renders before the app's (src/app/Backend).
 */
export default function LiveFigures() {
  return (
    <ConvexProvider client={convexClient}>
      <Counts />
    </ConvexProvider>
  );
}
