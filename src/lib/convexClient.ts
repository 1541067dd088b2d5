import { ConvexReactClient } from "convex/react";
import { convexLogger } from "./convexLogger";

/**
 * The app's one Convex client, made when first imported: by src/app/ConvexLayer, or on a visitor's
 * landing page by its live figures, which load after the first paint.
 */
// src/main.tsx renders the app only with a deployment URL (else the "not connected" notice).
export const convexClient = new ConvexReactClient(import.meta.env.VITE_CONVEX_URL ?? "", { logger: convexLogger });
