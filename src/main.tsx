import { StrictMode } from "react";
import { createRoot } from "react-dom/client";
import { ConvexReactClient } from "convex/react";
import { ConvexAuthProvider } from "@convex-dev/auth/react";
import App from "./app/App";
import { MissingConfig } from "./app/MissingConfig";
import { captureReferralFromUrl } from "./lib/referral";
import { installConsoleBuffer } from "./lib/consoleBuffer";
import { convexLogger } from "./lib/convexLogger";
import "./index.css";

// Bug reports send recent console errors and warnings: capture them from the first line of the app.
installConsoleBuffer();
// A referral link (/?ref=CODE) is remembered from the first visit until sign-up.
captureReferralFromUrl();

const convexUrl = import.meta.env.VITE_CONVEX_URL;
const root = createRoot(document.getElementById("root")!);

// Installable and usable offline (build/pwa.ts); loaded after the app, never in its first download.
void import("./app/serviceWorker").then((m) => m.registerServiceWorker());

if (convexUrl) {
  const convex = new ConvexReactClient(convexUrl, { logger: convexLogger });
  root.render(
    <StrictMode>
      {/* The verification link's ?code= is redeemed by /auth/callback itself,
          so the provider must not consume it first. */}
      <ConvexAuthProvider client={convex} shouldHandleCode={false}>
        <App />
      </ConvexAuthProvider>
    </StrictMode>,
  );
} else {
  root.render(
    <StrictMode>
      <MissingConfig />
    </StrictMode>,
  );
}
