import { useEffect } from "react";
import { useLocation } from "react-router";

/**
 * Deep links such as /faq#legacy: the app scrolls to the top on every navigation,
 * so scroll to the anchor once that has happened and the section exists.
 */
export function useScrollToHash(ready: boolean) {
  const { hash } = useLocation();
  useEffect(() => {
    if (!ready || hash.length < 2) return;
    const timer = window.setTimeout(() => {
      const target = document.getElementById(decodeURIComponent(hash.slice(1)));
      target?.scrollIntoView?.({ block: "start" });
    }, 0);
    return () => window.clearTimeout(timer);
  }, [hash, ready]);
}
