import { Toaster as SonnerToaster } from "sonner";
import { TOAST_DURATION_MS } from "../../convex/lib/constants";

// Sonner's rich colours put text under 4.5:1 on their pastel backgrounds (axe color-contrast):
// darker text in light mode, lighter in dark mode; the backgrounds stay.
const RICH_TEXT = {
  error: "text-red-800! dark:text-red-200!",
  success: "text-green-800! dark:text-green-200!",
  warning: "text-amber-800! dark:text-amber-200!",
  info: "text-blue-800! dark:text-blue-200!",
};

/** Every toast of the app: top-right, 4000 ms. */
export function Toaster() {
  return (
    <SonnerToaster
      position="top-right"
      duration={TOAST_DURATION_MS}
      richColors
      closeButton
      theme="system"
      toastOptions={{ classNames: RICH_TEXT }}
    />
  );
}
