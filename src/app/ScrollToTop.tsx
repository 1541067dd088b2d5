import { useEffect, useRef } from "react";
import { useLocation } from "react-router";

/** Opening an overlay (a news article over the list) or closing it is not a new page. */
export const isOverlay = (state: unknown) => (state as { overlay?: unknown } | null)?.overlay === true;

/**
 * Every navigation starts at the top of the page, Back and Forward
 * included: the browser's own scroll restoration is switched off, or it would put the old
 * position back after this effect has run. Navigations marked { overlay: true } open a reader
 * over the page and keep its place.
 */
export function ScrollToTop() {
  const location = useLocation();
  const previous = useRef(location);
  useEffect(() => {
    if ("scrollRestoration" in window.history) window.history.scrollRestoration = "manual";
  }, []);
  // A new location object on every navigation, also between two visits of the same address.
  useEffect(() => {
    const from = previous.current;
    previous.current = location;
    if (isOverlay(location.state) || isOverlay(from.state)) return;
    window.scrollTo({ top: 0, left: 0, behavior: "instant" });
  }, [location]);
  return null;
}
