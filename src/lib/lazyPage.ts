import { lazy, type ComponentType } from "react";
import { fullPageLoad } from "./fullPageLoad";

// Remembers the address a failed page script last sent to a full page load, so one that fails
// again after the reload is reported (PageLoadBoundary) instead of reloading forever.
const RELOAD_KEY = "tmt:page-script-reload";
const RELOAD_WINDOW_MS = 60_000;

function reloadedJustNow(url: string): boolean {
  try {
    const last = JSON.parse(sessionStorage.getItem(RELOAD_KEY) ?? "null") as { url: string; at: number } | null;
    return last !== null && last.url === url && Date.now() - last.at < RELOAD_WINDOW_MS;
  } catch {
    return false;
  }
}

function rememberReload(url: string): void {
  try {
    sessionStorage.setItem(RELOAD_KEY, JSON.stringify({ url, at: Date.now() }));
  } catch {
    // Without storage the loop guard is lost; a second failure then reloads once more.
  }
}

/**
 * React.lazy for a route's page, with the required fallback for a navigation error: when the page's
 * script fails to load (a deploy replaced its chunk, the network blinked), the app does a full page
 * load of the address instead of rendering nothing. Offline, or should that fail again at once,
 * the error is thrown for the page's error boundary (PageErrorBoundary).
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- the same constraint as React.lazy's
export function lazyPage<T extends ComponentType<any>>(load: () => Promise<{ default: T }>) {
  const page = lazy(async () => {
    try {
      return await load();
    } catch (error) {
      const url = window.location.href;
      // Offline a page load would only show the browser's error page: the app says so instead.
      if (!navigator.onLine || reloadedJustNow(url)) throw error;
      console.warn("A page script failed to load; falling back to a full page load.", error);
      rememberReload(url);
      fullPageLoad(url);
      // Keep the loading state up until the browser leaves.
      return await new Promise<never>(() => {});
    }
  });
  // Starts the download before the page renders (the browser loads a module once); a failure is
  // left to the render, which handles it as above.
  return Object.assign(page, { preload: () => void load().catch(() => undefined) });
}
