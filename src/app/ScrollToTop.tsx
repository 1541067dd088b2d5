import { useEffect } from "react";
import { useLocation } from "react-router";

/**
 * Every navigation starts at the top of the page (spec: protected-route guard), Back and Forward
 * included: the browser's own scroll restoration is switched off, or it would put the old
 * position back after this effect has run.
 */
export function ScrollToTop() {
  const location = useLocation();
  useEffect(() => {
    if ("scrollRestoration" in window.history) window.history.scrollRestoration = "manual";
  }, []);
  // The key changes on every navigation, also between two visits of the same address.
  useEffect(() => {
    window.scrollTo({ top: 0, left: 0, behavior: "instant" });
  }, [location.key]);
  return null;
}
