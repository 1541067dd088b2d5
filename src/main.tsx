import { StrictMode } from "react";
import { createRoot } from "react-dom/client";
import App from "./app/App";
import { MissingConfig } from "./app/MissingConfig";
import { captureReferralFromUrl } from "./lib/referral";
import { installConsoleBuffer } from "./lib/consoleBuffer";
import { afterFirstView } from "./lib/whenIdle";
import "./index.css";

// Bug reports send recent console errors and warnings: capture them from the first line of the app.
installConsoleBuffer();
// A referral link (/?ref=CODE) is remembered from the first visit until sign-up.
captureReferralFromUrl();

// Installable and usable offline (build/pwa.ts); loaded after the first view, never competing
// with its own chunks and data.
afterFirstView(() => void import("./app/serviceWorker").then((m) => m.registerServiceWorker()));

// The Convex client itself is made by src/lib/convexClient, loaded with the first page that needs it.
createRoot(document.getElementById("root")!).render(<StrictMode>{import.meta.env.VITE_CONVEX_URL ? <App /> : <MissingConfig />}</StrictMode>);
