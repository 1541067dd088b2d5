import { useEffect, useRef } from "react";
import { useLocation } from "react-router";
import { isOverlay } from "./ScrollToTop";
import { MAIN_ID } from "./SkipLink";

/** How long a new page (its lazy chunk and data) is waited for before focus is left where it is. */
const WAIT_MS = 10_000;

/**
 * After a navigation to another page, focus moves to its heading (the page's first h1), so a
 * screen reader announces the new page and Tab starts from its top, as on a full page load.
 * Not on the first load, not when only the query changes (filters, sort), not for a reader opened
 * over the page (an overlay navigation), and not when the new page has put focus somewhere itself
 * (an autofocused field) or a dialog has it.
 */
export function FocusHeading() {
  const location = useLocation();
  const { pathname } = location;
  const previous = useRef<typeof location | null>(null);
  useEffect(() => {
    const from = previous.current;
    previous.current = location;
    if (from === null || isOverlay(location.state) || isOverlay(from.state)) return;
    const main = document.getElementById(MAIN_ID);
    if (!main) return;
    const focusHeading = () => {
      const heading = main.querySelector<HTMLElement>("h1");
      if (!heading) return false;
      const active = document.activeElement;
      const elsewhere = active !== null && active !== document.body && active !== main && (main.contains(active) || active.closest("[role=dialog]") !== null);
      if (!elsewhere) {
        if (!heading.hasAttribute("tabindex")) heading.setAttribute("tabindex", "-1");
        heading.focus({ preventScroll: true });
      }
      return true;
    };
    if (focusHeading()) return;
    const observer = new MutationObserver(() => {
      if (focusHeading()) stop();
    });
    const timer = setTimeout(() => stop(), WAIT_MS);
    const stop = () => {
      observer.disconnect();
      clearTimeout(timer);
    };
    observer.observe(main, { childList: true, subtree: true });
    return stop;
    // Only a new path is a new page; `location` is read for its overlay mark.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [pathname]);
  return null;
}
