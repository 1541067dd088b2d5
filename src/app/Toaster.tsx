import { Toaster as SonnerToaster } from "sonner";
import { TOAST_DURATION_MS } from "../../convex/lib/constants";

/** Toasts top-right for 4000 ms (spec section 2, shared interface elements). */
export function Toaster() {
  return <SonnerToaster position="top-right" duration={TOAST_DURATION_MS} richColors closeButton theme="system" />;
}
