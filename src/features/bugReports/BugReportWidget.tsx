import { Suspense, lazy, useEffect, useRef, useState } from "react";
import { useConvexAuth, useQuery } from "convex/react";
import { toast } from "sonner";
import { api } from "../../../convex/_generated/api";
import { BUG_REPORT_MESSAGES as M } from "../../../convex/lib/bugReports/rules";
import { NOT_IN_SCREENSHOTS } from "../../lib/notInScreenshots";
import { cn } from "../../ui";
import { captureScreenshot } from "./captureScreenshot";
import type { Box } from "./screenshotBoxes";
import { useCoversControls } from "./useClearOfControls";

const loadModal = () => import("./BugReportModal");
const BugReportModal = lazy(loadModal);
const TOAST_ID = "bug-report-capture";
// The button's place in full.
const HOME = "fixed bottom-4 right-4 h-12 w-12 sm:bottom-6 sm:right-6";

/** The floating 'Report a Bug' button and its modal, for signed-in users only. */
export function BugReportWidget() {
  const { isAuthenticated } = useConvexAuth();
  const profile = useQuery(api.users.me, isAuthenticated ? {} : "skip");
  const [open, setOpen] = useState(false);
  const [capturing, setCapturing] = useState(false);
  const [screenshot, setScreenshot] = useState<string | null>(null);
  const [description, setDescription] = useState("");
  const [boxes, setBoxes] = useState<Box[]>([]);
  const [openedAt, setOpenedAt] = useState(() => new Date());
  // Each capture's number: a capture overtaken by a newer one (Try again) or by a reset drops its result.
  const latestCapture = useRef(0);
  const signedIn = isAuthenticated && Boolean(profile);
  // Where the button sits in full, and the widget: over a control of the page it tucks into the
  // screen's edge (a strip still to tap), and comes out in full again once clear or focused from the keyboard.
  const home = useRef<HTMLSpanElement>(null);
  const widget = useRef<HTMLDivElement>(null);
  const [focused, setFocused] = useState(false);
  const tucked = useCoversControls(home, widget, signedIn) && !focused;

  // The modal's code is fetched while the browser is idle, so the first click opens it at once.
  useEffect(() => {
    if (!signedIn) return;
    const idle = window.requestIdleCallback ?? ((run: () => void) => window.setTimeout(run, 2000));
    const cancel = window.cancelIdleCallback ?? window.clearTimeout;
    const handle = idle(() => void loadModal().catch(() => {}));
    return () => cancel(handle);
  }, [signedIn]);

  if (!isAuthenticated || !profile) return null;

  async function capture() {
    const run = ++latestCapture.current;
    setCapturing(true);
    setScreenshot(null);
    setBoxes([]);
    toast.loading(M.capturing, { id: TOAST_ID });
    try {
      const image = await captureScreenshot();
      if (run !== latestCapture.current) return;
      setScreenshot(image);
      toast.success(M.captured, { id: TOAST_ID });
    } catch (error) {
      if (run !== latestCapture.current) return;
      console.warn("Screenshot capture failed", error);
      toast.error(M.captureFailed, { id: TOAST_ID });
    } finally {
      if (run === latestCapture.current) setCapturing(false);
    }
  }

  // The modal opens at once and, once it is on screen, the page behind it is captured (the
  // modal, its overlay and the toasts are NOT_IN_SCREENSHOTS or are sonner's, so they are left out).
  function openReport() {
    if (open) return;
    setOpenedAt(new Date());
    // "Capturing" from the first frame: no stale screenshot, no "required" flash before the capture starts.
    setScreenshot(null);
    setCapturing(true);
    setOpen(true);
    loadModal().catch(() => {
      setOpen(false);
      toast.error(M.openFailed);
    });
  }

  function reset() {
    latestCapture.current += 1;
    setCapturing(false);
    setOpen(false);
    setDescription("");
    setBoxes([]);
    setScreenshot(null);
  }

  return (
    <div ref={widget} {...NOT_IN_SCREENSHOTS}>
      <span ref={home} aria-hidden="true" className={cn(HOME, "pointer-events-none invisible")} />
      <button
        type="button"
        title="Report a Bug"
        aria-label="Report a Bug"
        onClick={openReport}
        // Only a keyboard's focus brings it out: a tap's would move it from under the finger before the click.
        onFocus={(e) => setFocused(e.currentTarget.matches(":focus-visible"))}
        onBlur={() => setFocused(false)}
        onPointerEnter={() => void loadModal().catch(() => {})}
        data-tucked={tucked || undefined}
        className={cn(
          "z-40 flex items-center justify-center bg-red-600 text-white shadow-lg transition hover:bg-red-700 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-red-500 disabled:opacity-70 dark:bg-red-500 dark:hover:bg-red-400",
          // Tucked: a 12 px strip at the screen's edge, in the page's side margin (1 rem and more), clear of every control.
          tucked ? "fixed bottom-4 right-0 h-12 w-3 rounded-l-full sm:bottom-6" : cn(HOME, "rounded-full"),
        )}
      >
        <svg viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth={2} className={cn("h-6 w-6 shrink-0", tucked && "hidden")} aria-hidden="true">
          <path strokeLinecap="round" strokeLinejoin="round" d="M12 20c-3.3 0-6-2.7-6-6v-3a6 6 0 0 1 12 0v3c0 3.3-2.7 6-6 6Zm0 0v-9m-6 3H2m20 0h-4M6.5 8 4 5.5M17.5 8 20 5.5M9 5.3V4a3 3 0 0 1 6 0v1.3M5 19l2-1.5m12 1.5-2-1.5" />
        </svg>
      </button>
      {open && (
        <Suspense fallback={null}>
          <BugReportModal
            open={open}
            onOpenChange={setOpen}
            reporter={profile}
            screenshot={screenshot}
            capturing={capturing}
            onShown={() => void capture()}
            onRetake={() => void capture()}
            description={description}
            onDescriptionChange={setDescription}
            boxes={boxes}
            onBoxesChange={setBoxes}
            openedAt={openedAt}
            onSubmitted={reset}
          />
        </Suspense>
      )}
    </div>
  );
}
